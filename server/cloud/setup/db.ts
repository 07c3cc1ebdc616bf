import type { Kysely } from 'kysely';
import { belongsTo, databaseOpener, timestamps, type Migrations } from '../../common/service-database.js';

/** The setup service's tables: times as ISO text, arguments and results as JSON text. */
export interface SetupTables {
  setup_sessions: {
    id: string;
    user_id: string;
    sn: string | null;
    state: string;
    name: string | null;
    language: string | null;
    timezone: string | null;
    failure: string | null;
    /** SHA-256 of the hub's token: the database holds no usable token. */
    hub_token_hash: string;
    created_at: string;
    updated_at: string;
    expires_at: string;
  };
  setup_commands: {
    id: string;
    session_id: string;
    /** The order commands were sent in. */
    seq: number;
    manager: string;
    command: string;
    args: string;
    state: string;
    result: string | null;
    created_at: string;
    answered_at: string | null;
  };
}

export type SetupDb = Kysely<SetupTables>;

const migrations = {
  '001-sessions': {
    async up(db) {
      await db.schema
        .createTable('setup_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('sn', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('language', 'text')
        .addColumn('timezone', 'text')
        .addColumn('failure', 'text')
        .addColumn('hub_token_hash', 'text', (c) => c.notNull().unique())
        .$call(timestamps)
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('setup_commands')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', belongsTo('setup_sessions.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('manager', 'text', (c) => c.notNull())
        .addColumn('command', 'text', (c) => c.notNull())
        .addColumn('args', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('result', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('answered_at', 'text')
        .execute();
      await db.schema.createIndex('setup_commands_by_session').on('setup_commands').columns(['session_id', 'seq']).unique().execute();
    },
  },
} satisfies Migrations;

export const openSetupDb = databaseOpener<SetupTables>({ name: 'setup', migrations });
