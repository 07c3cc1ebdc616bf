import type { Kysely, Migration } from 'kysely';
import { openServiceDb } from '../../common/service-database.js';

/** Uploaded icons: their SVG as text, by the start of its SHA-256. */
export interface IconsTables {
  icons: { id: string; svg: string; created_at: string };
}

export type IconsDb = Kysely<IconsTables>;

// Migrations take Kysely<any>, as kysely advises: a migration must not depend on the table types of today.
const migrations: Record<string, Migration> = {
  '001-icons': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('icons')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('svg', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};

export const openIconsDb = (options: { dataDir: string; databaseUrl?: string }) => openServiceDb<IconsTables>({ ...options, name: 'icons', migrations });
