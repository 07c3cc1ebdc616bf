import type { Kysely } from 'kysely';
import { databaseOpener, type Migrations } from '../../common/service-database.js';

/** The certificate service's tables: keys and certificates as PEM text, times as ISO text. */
export interface DnsTables {
  /** One row (`id` = 'ca'): the authority every instance signs with. */
  certificate_authority: { id: string; private_key: string; certificate: string };
  hub_certificates: { hub_id: string; private_key: string; certificate: string; expires_at: string };
}

export type DnsDb = Kysely<DnsTables>;

const migrations = {
  '001-certificates': {
    async up(db) {
      await db.schema
        .createTable('certificate_authority')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('private_key', 'text', (c) => c.notNull())
        .addColumn('certificate', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('hub_certificates')
        .addColumn('hub_id', 'text', (c) => c.primaryKey())
        .addColumn('private_key', 'text', (c) => c.notNull())
        .addColumn('certificate', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
} satisfies Migrations;

export const openDnsDb = databaseOpener<DnsTables>({ name: 'dns', migrations });
