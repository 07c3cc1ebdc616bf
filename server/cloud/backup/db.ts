import type { Kysely } from 'kysely';
import { databaseOpener, type Migrations } from '../../common/service-database.js';

/** One backup of a hub: its record here, its bytes in the service's data folder (files.ts). */
export interface BackupRow {
  id: string;
  user_id: string;
  homey_id: string;
  homey_name: string;
  homey_platform: string;
  homey_platform_version: number;
  homey_model: string;
  version: string;
  channel: string;
  state: 'uploading' | 'complete';
  /** What the hub stated at completion (null before). */
  size: number | null;
  hash: string | null;
  /** What the upload delivered (null before an upload): completion checks the stated size and hash against them. */
  uploaded_size: number | null;
  uploaded_hash: string | null;
  /** JSON object. */
  meta: string;
  created_at: string;
  completed_at: string | null;
}

export interface BackupTables {
  backups: BackupRow;
}

export type BackupDb = Kysely<BackupTables>;

const migrations = {
  '001-backups': {
    async up(db) {
      await db.schema
        .createTable('backups')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('homey_id', 'text', (c) => c.notNull())
        .addColumn('homey_name', 'text', (c) => c.notNull())
        .addColumn('homey_platform', 'text', (c) => c.notNull())
        .addColumn('homey_platform_version', 'double precision', (c) => c.notNull())
        .addColumn('homey_model', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint')
        .addColumn('hash', 'text')
        .addColumn('uploaded_size', 'bigint')
        .addColumn('uploaded_hash', 'text')
        .addColumn('meta', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        .execute();
      await db.schema.createIndex('backups_by_user').on('backups').columns(['user_id', 'created_at']).execute();
    },
  },
} satisfies Migrations;

export const openBackupDb = databaseOpener<BackupTables>({ name: 'backup', migrations });
