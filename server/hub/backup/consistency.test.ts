import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Device } from '../devices/device.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { onBackupFinished } from './backups.js';

type Row = { type: string; id: string; data: string };
const ROWS = 'SELECT type, id, data FROM items ORDER BY type, id';
const SETTINGS = 'SELECT key, value FROM settings ORDER BY key';

describe('a backup taken while the home keeps changing', () => {
  let hub: TestHub;
  let restored: TestHub | undefined;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(async () => {
    await restored?.stop();
    await hub.stop();
  });

  it('when capability values are written through the API during the copy, then the backup holds the database exactly as it was when the copy completed, and a hub restored from it reads the same', async () => {
    const light = hub.hub.store.values('device').find((device) => device.name === 'Ceiling light')!;
    const dim = `/api/manager/devices/device/${light.id}/capability/dim`;
    // Some 8 MB of other data, so that the copy takes many steps with the hub serving requests between them.
    hub.hub.db.exec('CREATE TABLE ballast (data BLOB NOT NULL)');
    hub.hub.db.prepare('WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO ballast (data) SELECT randomblob(4000) FROM n').run();

    let writing = true;
    let written = 0;
    const writes = (async () => {
      for (let i = 1; writing; i++) {
        await hub.http().put(dim).set(bearer(hub.token)).send({ value: (i % 100) / 100 }).expect(204);
        written++;
      }
    })();
    while (written < 5) await new Promise((resolve) => setImmediate(resolve));

    // The moment the copy completes, nothing else has run yet: what the source holds then is what the file must hold.
    const atCompletion = new Promise<{ file: string; rows: Row[]; settings: unknown[]; written: number }>((resolve) => {
      const off = onBackupFinished(hub.hub, ({ file }) => {
        off();
        resolve({ file, rows: hub.hub.db.prepare<[], Row>(ROWS).all(), settings: hub.hub.db.prepare(SETTINGS).all(), written });
      });
    });
    const writtenBefore = written;
    await hub.http().post('/api/manager/backup/backup').set(bearer(hub.token)).send({}).expect(200);
    const snapshot = await atCompletion;
    const moreAfter = written + 3;
    while (written < moreAfter) await new Promise((resolve) => setImmediate(resolve));
    writing = false;
    await writes;

    // Writes went on while the copy ran, and after it: the file is neither the start nor the end state.
    expect(snapshot.written).toBeGreaterThan(writtenBefore);
    const copy = new Database(snapshot.file, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      expect(copy.prepare<[], Row>(ROWS).all()).toEqual(snapshot.rows);
      expect(copy.prepare(SETTINGS).all()).toEqual(snapshot.settings);
      expect(copy.prepare('SELECT count(*) AS n FROM ballast').get()).toEqual({ n: 2000 });
    } finally {
      copy.close();
    }
    const dimAt = (rows: Row[]) => (JSON.parse(rows.find((row) => row.type === 'device' && row.id === light.id)!.data) as Device).capabilitiesObj.dim!.value;
    const now = hub.hub.store.get('device', light.id)!.capabilitiesObj.dim!.value;
    expect(dimAt(snapshot.rows)).not.toBe(now);

    // The documented restore: a data folder whose hub.sqlite is the backup file, then start the hub on it.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hub-restore-'));
    copyFileSync(snapshot.file, path.join(dataDir, 'hub.sqlite'));
    restored = await startTestHub({ dataDir });
    expect(restored.hub.id).toBe(hub.hub.id);
    const read = await restored.http().get(`/api/manager/devices/device/${light.id}`).set(bearer(hub.token)).expect(200);
    expect(read.body.capabilitiesObj.dim.value).toBe(dimAt(snapshot.rows));
    const devices = await restored.http().get('/api/manager/devices/device').set(bearer(hub.token)).expect(200);
    expect(Object.keys(devices.body).sort()).toEqual(snapshot.rows.filter((row) => row.type === 'device').map((row) => row.id).sort());
  }, 60_000);
});
