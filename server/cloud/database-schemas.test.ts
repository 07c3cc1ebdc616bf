import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { QueryExecutorProvider } from 'kysely';
import { describeWhen } from '../../scripts/system-programs.js';
import { columnsOf, schemaOf } from '../common/testing/schema.js';
import { openAccountDb } from './account/db.js';
import { freshDatabase } from './account/testing/postgres.js';
import { openAppsDb } from './apps/db.js';
import { openBackupDb } from './backup/db.js';
import { openCallbackDb } from './callback/db.js';
import { openDnsDb } from './dns/db.js';
import { openFlowDb } from './flow/db.js';
import { openIconsDb } from './icons/db.js';
import { openSetupDb } from './setup/db.js';
import { openStoreDb } from './store/db.js';
import { openWebhooksDb } from './webhooks/db.js';

/**
 * Each cloud service's schema as its migrations make it. On SQLite, against the snapshot recorded by the migrations of
 * 2026-11-29 (before they were written with the shared helper), statements as SQLite keeps them: a database made by
 * earlier code has this schema and these migration records, so the code of today opens it and changes nothing. A
 * new migration changes the snapshot (`npx jest server/cloud/database-schemas.test.ts -u`), and its diff shows what
 * the migration does. On PostgreSQL, the same tables and columns as on SQLite, and a second opening changes nothing.
 */
type Location = { dataDir: string; databaseUrl?: string };
type Database = QueryExecutorProvider & { destroy(): Promise<void> };

const databases: Array<[string, (location: Location) => Promise<Database>]> = [
  ['account', openAccountDb],
  ['apps', openAppsDb],
  ['backup', openBackupDb],
  ['callback', openCallbackDb],
  ['dns', openDnsDb],
  ['flow', openFlowDb],
  ['icons', openIconsDb],
  ['setup', openSetupDb],
  ['store', openStoreDb],
  ['webhooks', openWebhooksDb],
];

type Open = (typeof databases)[number][1];

/** What `look` finds in the database `open` makes, and what it finds after a second opening. */
async function madeAndReopened<T>(open: Open, location: Location, look: (db: Database) => Promise<T>) {
  const lookAt = async () => {
    const db = await open(location);
    return look(db).finally(() => db.destroy());
  };
  return { made: await lookAt(), reopened: await lookAt() };
}

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'database-schemas-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('cloud service databases on SQLite', () => {
  it.each(databases)('when the %s database is made and opened again, then its schema and migration records are the recorded ones, unchanged by the second opening', async (name, open) => {
    const { made, reopened } = await madeAndReopened(open, { dataDir: path.join(dataDir, name) }, schemaOf);
    expect(reopened).toEqual(made);
    expect(made).toMatchSnapshot();
  });
});

const serverUrl = process.env.DATABASE_URL;
const describeWithPostgres = describeWhen(Boolean(serverUrl), 'DATABASE_URL names no PostgreSQL server to make test databases in (.ci/run starts one)');

describeWithPostgres('cloud service databases on PostgreSQL', () => {
  it.each(databases)('when the %s database is made and opened again, then it has the tables and columns it has on SQLite, unchanged by the second opening', async (name, open) => {
    const database = await freshDatabase(serverUrl!);
    try {
      const onPostgres = await madeAndReopened(open, { dataDir, databaseUrl: database.url }, (db) => Promise.all([schemaOf(db), columnsOf(db)]));
      expect(onPostgres.reopened).toEqual(onPostgres.made);
      const onSqlite = await madeAndReopened(open, { dataDir: path.join(dataDir, `${name}-beside-postgres`) }, columnsOf);
      expect(onPostgres.made[1]).toEqual(onSqlite.made);
    } finally {
      await database.drop();
    }
  });
});
