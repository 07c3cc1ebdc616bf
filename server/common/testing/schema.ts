import { PostgresAdapter, sql, type QueryExecutorProvider } from 'kysely';

const isPostgres = (db: QueryExecutorProvider) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A database's schema as lines of text, for a snapshot that shows any change a migration makes: on SQLite every
 * object of `sqlite_master` with the statement that makes it (as SQLite keeps it, ALTER TABLE's changes included); on
 * PostgreSQL the columns (information_schema), constraints and indexes. Last, the migrations that each table of
 * recorded migrations (`..._migration`) names: a database whose schema and records equal these is one the service's
 * migrations leave as it is.
 */
export async function schemaOf(db: QueryExecutorProvider): Promise<string[]> {
  const lines = isPostgres(db) ? await postgresSchema(db) : await sqliteSchema(db);
  return [...lines, ...(await migrationRecords(db))];
}

/**
 * The tables and columns (declared type, required or not) and the migration records, in the same words on SQLite and
 * PostgreSQL: the same migrations must make the same of both. kysely's own tables of migrations are left out (it
 * types their columns per dialect); their records are not.
 */
export async function columnsOf(db: QueryExecutorProvider): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ table_name: string; column_name: string; type: string; required: boolean }>`
        select table_name, column_name, data_type as type, is_nullable = 'NO' as required from information_schema.columns
        where table_schema = 'public' and table_name not like '%\\_migration' and table_name not like '%\\_migration\\_lock'
        order by table_name, ordinal_position`.execute(db)
    : await sql<{ table_name: string; column_name: string; type: string; required: number }>`
        select m.name as table_name, p.name as column_name, lower(p.type) as type, p."notnull" or p.pk > 0 as required
        from sqlite_master m join pragma_table_info(m.name) p
        where m.type = 'table' and m.name not like '%\\_migration' escape '\\' and m.name not like '%\\_migration\\_lock' escape '\\'
        order by m.name, p.cid`.execute(db);
  const columns = rows.map((c) => `${c.table_name}.${c.column_name} ${c.type}${c.required ? ' required' : ''}`);
  return [...columns, ...(await migrationRecords(db))];
}

async function sqliteSchema(db: QueryExecutorProvider): Promise<string[]> {
  const { rows } = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
    select type, name, tbl_name, sql from sqlite_master order by type, name`.execute(db);
  return rows.map((row) => `${row.type} ${row.name} on ${row.tbl_name}: ${row.sql ?? '(made by SQLite)'}`);
}

async function postgresSchema(db: QueryExecutorProvider): Promise<string[]> {
  const columns = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>`
    select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
    where table_schema = 'public' order by table_name, ordinal_position`.execute(db);
  const constraints = await sql<{ table_name: string; name: string; definition: string }>`
    select conrelid::regclass::text as table_name, conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where connamespace = 'public'::regnamespace order by 1, 2`.execute(db);
  const indexes = await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = 'public' order by tablename, indexname`.execute(db);
  return [
    ...columns.rows.map((c) => `column ${c.table_name}.${c.column_name} ${c.data_type}${c.is_nullable === 'NO' ? ' not null' : ''}${c.column_default === null ? '' : ` default ${c.column_default}`}`),
    ...constraints.rows.map((c) => `constraint ${c.name} on ${c.table_name}: ${c.definition}`),
    ...indexes.rows.map((i) => `index: ${i.indexdef}`),
  ];
}

async function migrationRecords(db: QueryExecutorProvider): Promise<string[]> {
  const tables = isPostgres(db)
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_name like '%\\_migration' order by 1`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name like '%\\_migration' escape '\\' order by 1`.execute(db);
  const records: string[] = [];
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(name)} order by name`.execute(db);
    records.push(...rows.map((row) => `migration recorded in ${name}: ${row.name}`));
  }
  return records;
}
