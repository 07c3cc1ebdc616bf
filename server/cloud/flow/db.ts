import type { Kysely } from 'kysely';
import { databaseOpener, type Migrations } from '../../common/service-database.js';

/** The flow sharing service's table: each shared document as JSON text, times as ISO text. */
export interface FlowTables {
  shared_flows: {
    id: string;
    user_id: string;
    name: string;
    shared_at: string;
    /** The FlowShare document as JSON. */
    data: string;
  };
}

export type FlowDb = Kysely<FlowTables>;

const migrations = {
  '001-shared-flows': {
    async up(db) {
      await db.schema
        .createTable('shared_flows')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('shared_at', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('shared_flows_by_user').on('shared_flows').column('user_id').execute();
    },
  },
} satisfies Migrations;

export const openFlowDb = databaseOpener<FlowTables>({ name: 'flow', migrations });
