import { createHash } from 'node:crypto';
import path from 'node:path';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type ColumnBuilderCallback, type CreateTableBuilder, type Dialect, type Migration } from 'kysely';
import type pg from 'pg';
import { openDb } from '../http/db.js';
import { log } from '../http/log.js';

/** Where a service keeps its database: PostgreSQL given a URL, else SQLite in the data folder. */
export interface DatabaseLocation {
  /** Holds the SQLite file when no databaseUrl is given. */
  dataDir: string;
  /** postgres://... to keep the data in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
}

/**
 * A service's schema step by step, by name: kysely's Migrator runs what a database lacks, in the order of the names
 * (hence the number each starts with). A migration once released is never changed, only followed by a new one. Each
 * takes `Kysely<any>`, as kysely advises: it builds the schema of its own day and must not depend on today's tables.
 */
export type Migrations = Readonly<Record<`${number}-${string}`, Migration>>;

/** Opens a service's database at `location`, its schema brought up to date (under a lock, for instances started at once). */
export type OpenDatabase<Tables> = (location: DatabaseLocation) => Promise<Kysely<Tables>>;

/**
 * A pool of PostgreSQL connections that outlives its server's restart or outage: a connection the server ends
 * (57P01 on a restart) is reported and dropped, where an error event without a listener would end the process, and
 * the pool opens new ones once the server is back. Meanwhile queries fail, and calls answer 503 (toApiError).
 * pg is loaded only for PostgreSQL: a service on SQLite need not hold it in memory.
 */
export async function openPostgresPool(connectionString: string): Promise<pg.Pool> {
  const { default: postgres } = await import('pg');
  const pool = new postgres.Pool({ connectionString, max: 10 });
  // An idle connection's error reaches the pool (logged by its code and text: pg-pool hangs the whole client on it);
  // one in use reaches its client, fails its query (answered 503) and is dropped when given back.
  pool.on('error', (error: Error & { code?: string }) => log.warn({ code: error.code, reason: error.message }, 'a PostgreSQL connection was lost'));
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** PostgreSQL given a URL, else SQLite in `dataDir/<file>`. */
async function openDialect(location: DatabaseLocation, file: string): Promise<Dialect> {
  return location.databaseUrl
    ? new PostgresDialect({ pool: await openPostgresPool(location.databaseUrl) })
    : new SqliteDialect({ database: openDb(path.join(location.dataDir, file)) });
}

/**
 * Runs `work` (a service's migrations, the data it publishes on every start) while this instance alone holds the
 * lock named `name` (a PostgreSQL advisory lock, held by one connection of the pool for the while): instances
 * started at once on a new database each wait for the other instead of inserting the same rows. On SQLite,
 * which one process owns, it just runs `work`.
 */
export async function exclusively<T, Tables>(db: Kysely<Tables>, name: string, work: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return work();
  const key = createHash('sha256').update(`cloud-start:${name}`).digest().readBigInt64BE(0).toString();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${key}::bigint)`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key}::bigint)`.execute(connection);
    }
  });
}

/** Brings the schema up to date under the lock `name` (exclusively); closes the database and throws on a failure. */
async function migrate<Tables>(db: Kysely<Tables>, name: string, migrator: Migrator): Promise<void> {
  let error: unknown;
  try {
    ({ error } = await exclusively(db, name, () => migrator.migrateToLatest()));
  } catch (thrown) {
    error = thrown;
  }
  if (error) {
    await db.destroy();
    throw error;
  }
}

/**
 * A service's database, declared once with the type of its tables and the migrations that make them; what it gives
 * opens the database. `name` names the SQLite file in the data folder (`store.sqlite`) and the tables that record the
 * migrations (`store_migration`, `store_migration_lock`), so that services can share one PostgreSQL database;
 * `migrationTable` keeps another name where a database already records them there.
 */
export function databaseOpener<Tables>(declaration: { name: string; migrations: Migrations; migrationTable?: string }): OpenDatabase<Tables> {
  const { name, migrations, migrationTable = `${name}_migration` } = declaration;
  return async (location) => {
    const db = new Kysely<Tables>({ dialect: await openDialect(location, `${name}.sqlite`) });
    const provider = { getMigrations: async () => migrations };
    await migrate(db, name, new Migrator({ db, provider, migrationTableName: migrationTable, migrationLockTableName: `${migrationTable}_lock` }));
    return db;
  };
}

// Column sets that migrations share. Released migrations use them: what one makes never changes (the schema snapshots
// of server/cloud/database-schemas.test.ts and server/support/db.test.ts fail when it does).

/** `created_at` and `updated_at`, both required, ISO 8601 text (it sorts as time on both databases). */
export const timestamps = <Table extends string, Columns extends string>(table: CreateTableBuilder<Table, Columns>) =>
  table.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());

/** A required reference to `column` (`table.id`), whose row takes this one along when deleted. */
export const belongsTo = (column: `${string}.${string}`): ColumnBuilderCallback => (c) => c.notNull().references(column).onDelete('cascade');
