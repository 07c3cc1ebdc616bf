import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { schemaOf } from '../common/testing/schema.js';
import { openSupportDb } from './db.js';

/**
 * The support database's schema against the snapshot recorded by its migrations of 2026-11-29 (before they were
 * written with the shared helper): a database made by earlier code has this schema and these migration records, so
 * the code of today opens it and changes nothing. A new migration changes the snapshot (`-u`), and its diff shows
 * what the migration does.
 */
describe('support database', () => {
  it('when it is made and opened again, then its schema and migration records are the recorded ones, unchanged by the second opening', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'support-schema-'));
    try {
      const made = await openSupportDb(dataDir);
      const schema = await schemaOf(made).finally(() => made.destroy());
      const reopened = await openSupportDb(dataDir);
      expect(await schemaOf(reopened).finally(() => reopened.destroy())).toEqual(schema);
      expect(schema).toMatchSnapshot();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
