import type { Kysely, Migration } from 'kysely';
import { openServiceDb } from '../../common/service-database.js';

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

// Migrations take Kysely<any>, as kysely advises: a migration must not depend on the table types of today.
const migrations: Record<string, Migration> = {
  '001-shared-flows': {
    async up(db: Kysely<any>) {
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
};

export const openFlowDb = (options: { dataDir: string; databaseUrl?: string }) => openServiceDb<FlowTables>({ ...options, name: 'flow', migrations });
