import type { Kysely } from 'kysely';
import { databaseOpener, type Migrations } from '../../common/service-database.js';

/** Uploaded icons: their SVG as text, by the start of its SHA-256. */
export interface IconsTables {
  icons: { id: string; svg: string; created_at: string };
}

export type IconsDb = Kysely<IconsTables>;

const migrations = {
  '001-icons': {
    async up(db) {
      await db.schema
        .createTable('icons')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('svg', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
} satisfies Migrations;

export const openIconsDb = databaseOpener<IconsTables>({ name: 'icons', migrations });
