import { createHash } from 'node:crypto';
import path from 'node:path';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type Dialect, type Migration } from 'kysely';
import type pg from 'pg';
import { openDb } from '../http/db.js';
import { log } from '../http/log.js';

export interface ServiceDbOptions {
  /** Holds the SQLite file when no databaseUrl is given. */
  dataDir: string;
  /** postgres://... to keep the data in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** The service's name: its SQLite file in dataDir (`store.sqlite`) and its migration tables (`store_migration`). */
  name: string;
  /** The schema step by step, by name; kysely's Migrator runs what the database lacks. */
  migrations: Record<string, Migration>;
}

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
export async function openDialect(options: { dataDir: string; databaseUrl?: string }, file: string): Promise<Dialect> {
  return options.databaseUrl
    ? new PostgresDialect({ pool: await openPostgresPool(options.databaseUrl) })
    : new SqliteDialect({ database: openDb(path.join(options.dataDir, file)) });
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
export async function migrate<Tables>(db: Kysely<Tables>, name: string, migrator: Migrator): Promise<void> {
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
 * A cloud service's database (as the account service keeps its own): PostgreSQL given a URL, else SQLite in the
 * data folder, its schema brought up to date before it is used. Its migrations are recorded under its own name, so
 * that services can share one PostgreSQL database.
 */
export async function openServiceDb<Tables>(options: ServiceDbOptions): Promise<Kysely<Tables>> {
  const db = new Kysely<Tables>({ dialect: await openDialect(options, `${options.name}.sqlite`) });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => options.migrations },
    migrationTableName: `${options.name}_migration`,
    migrationLockTableName: `${options.name}_migration_lock`,
  });
  await migrate(db, options.name, migrator);
  return db;
}
