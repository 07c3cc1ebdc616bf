import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration } from 'kysely';
import pg from 'pg';
import { openDb } from '../http/db.js';

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
 * A cloud service's database (as the account service keeps its own): PostgreSQL given a URL, else SQLite in the
 * data folder, its schema brought up to date before it is used. Its migrations are recorded under its own name, so
 * that services can share one PostgreSQL database.
 */
export async function openServiceDb<Tables>(options: ServiceDbOptions): Promise<Kysely<Tables>> {
  const dialect = options.databaseUrl
    ? new PostgresDialect({ pool: new pg.Pool({ connectionString: options.databaseUrl, max: 10 }) })
    : new SqliteDialect({ database: openDb(path.join(options.dataDir, `${options.name}.sqlite`)) });
  const db = new Kysely<Tables>({ dialect });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => options.migrations },
    migrationTableName: `${options.name}_migration`,
    migrationLockTableName: `${options.name}_migration_lock`,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
