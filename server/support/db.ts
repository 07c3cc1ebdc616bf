import type { Kysely } from 'kysely';
import { databaseOpener, type Migrations } from '../common/service-database.js';

/**
 * The support back end's tables. It keeps uploads as files in its data folder, so it is a single-node service:
 * SQLite beside the files, through kysely like the cloud services. Times are ISO text, lists and objects JSON text.
 */
export interface SupportTables {
  articles: { id: number; section: string; name: string; body: string; updated_at: string };
  uploads: {
    token: string;
    user_id: string;
    filename: string;
    mimetype: string;
    size: number;
    created_at: string;
    /** The ticket that took it; null while it waits. */
    ticket_id: number | null;
    /** Its place among the ticket's attachments, as the ticket named them (uploads may finish in any order). */
    position: number | null;
  };
  tickets: {
    id: number;
    user_id: string;
    status: string;
    subject: string;
    message: string;
    /** `{ userId, name, email }` as JSON. */
    requester: string;
    tags: string;
    details: string;
    created_at: string;
  };
}

export type SupportDb = Kysely<SupportTables>;

const migrations = {
  '001-support': {
    async up(db) {
      await db.schema
        .createTable('articles')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('section', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('tickets')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('requester', 'text', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tickets_by_user').on('tickets').columns(['user_id', 'id']).execute();
      await db.schema
        .createTable('uploads')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('mimetype', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('ticket_id', 'integer', (c) => c.references('tickets.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('uploads_by_ticket').on('uploads').column('ticket_id').execute();
    },
  },
  '002-attachment-order': {
    async up(db) {
      await db.schema.alterTable('uploads').addColumn('position', 'integer').execute();
    },
  },
} satisfies Migrations;

const openDatabase = databaseOpener<SupportTables>({ name: 'support', migrations });

/** SQLite in the data folder, beside the uploads. */
export const openSupportDb = (dataDir: string) => openDatabase({ dataDir });
