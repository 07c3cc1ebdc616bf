import type { Kysely, Migration } from 'kysely';
import { openServiceDb } from '../database.js';

/** The apps service's tables: builds as JSON text (the manifest fields the store shows), flags as 0/1. */
export interface AppsTables {
  apps: {
    id: string;
    author_id: string;
    author_name: string;
    author_verified: number;
    /** AppBuild as JSON, or null. */
    live_build: string | null;
    test_build: string | null;
  };
}

export type AppsDb = Kysely<AppsTables>;

const migrations: Record<string, Migration> = {
  '001-apps': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('apps')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('author_id', 'text', (c) => c.notNull())
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('author_verified', 'integer', (c) => c.notNull())
        .addColumn('live_build', 'text')
        .addColumn('test_build', 'text')
        .execute();
    },
  },
};

export const openAppsDb = (options: { dataDir: string; databaseUrl?: string }) => openServiceDb<AppsTables>({ ...options, name: 'apps', migrations });
