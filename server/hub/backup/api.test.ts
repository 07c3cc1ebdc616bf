import Database from 'better-sqlite3';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { BACKUP_RETENTION, onBackupFinished, type BackupState } from './backups.js';

const BASE = '/api/manager/backup';
/** Noon, local time: the next nightly backup is at 02:00 tomorrow. */
const NOON = new Date(2026, 10, 23, 12, 0, 0).getTime();

describe('backup manager', () => {
  let hub: TestHub;
  let clock: FakeClock;
  const auth = () => bearer(hub.token);
  const state = async (): Promise<BackupState> => (await hub.http().get(`${BASE}/state`).set(auth()).expect(200)).body;
  const nextFinished = () => new Promise<{ file: string }>((resolve) => {
    const off = onBackupFinished(hub.hub, (backup) => {
      off();
      resolve(backup);
    });
  });
  /** Waits until no backup runs (the copy steps between turns of the event loop). */
  const settled = async () => {
    for (let current = await state(); current.state === 'running'; current = await state()) await new Promise((resolve) => setImmediate(resolve));
    return state();
  };

  beforeAll(async () => {
    clock = new FakeClock(NOON);
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  it('when no backup was ever taken, then the state is idle with nightly backups off and nothing kept', async () => {
    expect(await state()).toEqual({
      state: 'idle', progress: null, automaticBackupsEnabled: false, lastSuccessfulBackup: null, nextAutomaticBackup: null,
      lastBackup: null, backups: [], retention: BACKUP_RETENTION,
    });
  });

  it('when a backup is scheduled, then it runs, completes into the backups folder as a whole SQLite file and is recorded', async () => {
    const done = nextFinished();
    const started = await hub.http().post(`${BASE}/backup`).set(auth()).send({}).expect(200);
    expect(started.body).toMatchObject({ state: 'running', lastBackup: { trigger: 'manual', startedAt: new Date(NOON).toISOString(), finishedAt: null, size: null, error: null } });
    const { file } = await done;
    const after = await settled();
    expect(after).toMatchObject({ state: 'succeeded', progress: null, lastSuccessfulBackup: new Date(NOON).toISOString() });
    expect(after.lastBackup).toMatchObject({ file: path.basename(file), finishedAt: new Date(NOON).toISOString(), size: expect.any(Number), error: null });
    expect(after.backups).toEqual([{ file: path.basename(file), size: after.lastBackup!.size, createdAt: new Date(NOON).toISOString() }]);
    expect(readdirSync(path.join(hub.dataDir, 'backups'))).toEqual([path.basename(file)]);
    const copy = new Database(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare("SELECT count(*) AS n FROM items WHERE type = 'device'").get()).toEqual({ n: hub.hub.store.count('device') });
      expect(copy.prepare("SELECT value FROM settings WHERE key = 'hubId'").get()).toEqual({ value: JSON.stringify(hub.hub.id) });
    } finally {
      copy.close();
    }
    const option = await hub.http().get(`${BASE}/option/lastSuccessfulBackup`).set(auth()).expect(200);
    expect(option.body).toEqual({ value: new Date(NOON).toISOString() });
  });

  it('when a backup is scheduled while one runs, then 409 and the running one still completes', async () => {
    const done = nextFinished();
    clock.advance(1000);
    await hub.http().post(`${BASE}/backup`).set(auth()).send({}).expect(200);
    const again = await hub.http().post(`${BASE}/backup`).set(auth()).send({}).expect(409);
    expect(again.body).toMatchObject({ error: 'conflict', error_description: 'A backup is running already', statusCode: 409 });
    await done;
    expect((await settled()).state).toBe('succeeded');
  });

  it(`when more than ${BACKUP_RETENTION} backups are taken, then only the newest ${BACKUP_RETENTION} are kept, newest first`, async () => {
    for (let i = 0; i < BACKUP_RETENTION + 1; i++) {
      clock.advance(60_000);
      const done = nextFinished();
      await hub.http().post(`${BASE}/backup`).set(auth()).send({}).expect(200);
      await done;
      await settled();
    }
    const { backups } = await state();
    expect(backups).toHaveLength(BACKUP_RETENTION);
    expect(backups[0]!.createdAt).toBe(new Date(clock.now()).toISOString());
    expect(backups.map(({ createdAt }) => createdAt)).toEqual([...backups.map(({ createdAt }) => createdAt)].sort().reverse());
    expect(readdirSync(path.join(hub.dataDir, 'backups')).sort()).toEqual(backups.map(({ file }) => file).sort());
  });

  it('when the backups folder cannot be made, then the backup fails with the reason, and the next one succeeds again', async () => {
    const folder = path.join(hub.dataDir, 'backups');
    rmSync(folder, { recursive: true });
    writeFileSync(folder, 'not a folder');
    clock.advance(60_000);
    await hub.http().post(`${BASE}/backup`).set(auth()).send({}).expect(200);
    const failed = await settled();
    expect(failed).toMatchObject({ state: 'failed', backups: [], lastBackup: { error: expect.stringMatching(/EEXIST|ENOTDIR|exists/), size: null } });
    expect(failed.lastSuccessfulBackup).not.toBe(new Date(clock.now()).toISOString());
    rmSync(folder);
    const done = nextFinished();
    await hub.http().post(`${BASE}/backup`).set(auth()).send({}).expect(200);
    await done;
    expect(await settled()).toMatchObject({ state: 'succeeded', lastSuccessfulBackup: new Date(clock.now()).toISOString() });
  });

  it('when nightly backups are enabled, then one runs at 02:00 on the hub clock, and none once they are off', async () => {
    const option = `${BASE}/option/automaticBackupsEnabled`;
    await hub.http().get(option).set(auth()).expect(200, { value: false });
    await hub.http().put(option).set(auth()).send({ value: true }).expect(204);
    await hub.http().get(option).set(auth()).expect(200, { value: true });
    const tonight = new Date(clock.now());
    if (tonight.getHours() >= 2) tonight.setDate(tonight.getDate() + 1);
    tonight.setHours(2, 0, 0, 0);
    expect((await state()).nextAutomaticBackup).toBe(tonight.toISOString());
    const done = nextFinished();
    // Fourteen hours of the hub's other timers (energy flushes every minute) run on the way.
    clock.set(tonight.getTime());
    await done;
    const after = await settled();
    expect(after.lastBackup).toMatchObject({ trigger: 'automatic', startedAt: tonight.toISOString() });
    expect(after.nextAutomaticBackup).toBe(new Date(tonight.getTime() + 24 * 3600_000).toISOString());
    const timers = clock.pending;
    await hub.http().delete(option).set(auth()).expect(204);
    expect(await state()).toMatchObject({ automaticBackupsEnabled: false, nextAutomaticBackup: null });
    expect(clock.pending).toBe(timers - 1);
  }, 60_000);

  it('when the last successful backup is set by hand, then it reads back as UTC; a future time or no date is a 400', async () => {
    const option = `${BASE}/option/lastSuccessfulBackup`;
    await hub.http().put(option).set(auth()).send({ value: '2026-11-01T03:00:00+01:00' }).expect(204);
    await hub.http().get(option).set(auth()).expect(200, { value: '2026-11-01T02:00:00.000Z' });
    const future = await hub.http().put(option).set(auth()).send({ value: new Date(clock.now() + 60_000).toISOString() }).expect(400);
    expect(future.body).toMatchObject({ error: 'invalid_request', error_description: 'value must not be in the future' });
    await hub.http().put(option).set(auth()).send({ value: 'yesterday' }).expect(400);
    await hub.http().put(option).set(auth()).send({}).expect(400);
    await hub.http().delete(option).set(auth()).expect(204);
    await hub.http().get(option).set(auth()).expect(200, { value: null });
  });

  it('when the enabled option is not a boolean, then 400', async () => {
    const res = await hub.http().put(`${BASE}/option/automaticBackupsEnabled`).set(auth()).send({ value: 'yes' }).expect(400);
    expect(res.body.error_description).toMatch(/value/);
  });

  it('when a token lacks homey.system, then writes are 403, and without homey.system.readonly reads are 403 too', async () => {
    const reader = bearer(hub.tokenWith(['homey.system.readonly']));
    await hub.http().get(`${BASE}/state`).set(reader).expect(200);
    await hub.http().post(`${BASE}/backup`).set(reader).send({}).expect(403);
    await hub.http().put(`${BASE}/option/automaticBackupsEnabled`).set(reader).send({ value: true }).expect(403);
    const denied = await hub.http().put(`${BASE}/option/lastSuccessfulBackup`).set(reader).send({ value: '2026-11-01T02:00:00.000Z' }).expect(403);
    expect(denied.body).toMatchObject({ error: 'insufficient_scope', error_description: 'Missing scope: homey.system' });
    await hub.http().delete(`${BASE}/option/lastSuccessfulBackup`).set(reader).expect(403);
    const user = hub.member('user');
    await hub.http().delete(`${BASE}/option/lastSuccessfulBackup`).set(user.auth).expect(403);
    const stranger = bearer(hub.tokenWith(['homey.speech.readonly']));
    await hub.http().get(`${BASE}/state`).set(stranger).expect(403);
    await hub.http().get(`${BASE}/option/lastSuccessfulBackup`).set(stranger).expect(403);
  });

  it('when the hub stops while a backup runs, then it first completes it: the file is whole and no partial file is left', async () => {
    clock.advance(60_000);
    const started = await hub.http().post(`${BASE}/backup`).set(auth()).send({}).expect(200);
    expect(started.body.state).toBe('running');
    await hub.stop({ keepData: true });
    hub = await startTestHub({ dataDir: hub.dataDir, clock });
    const after = await state();
    expect(after).toMatchObject({ state: 'succeeded', lastBackup: { file: started.body.lastBackup.file, error: null } });
    expect(readdirSync(path.join(hub.dataDir, 'backups')).filter((file) => !/^hub-[\dTZ-]+\.sqlite$/.test(file))).toEqual([]);
    const copy = new Database(path.join(hub.dataDir, 'backups', after.lastBackup!.file), { readonly: true, fileMustExist: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
  });

  it('when the hub restarts on its data folder, then the last backup, the options and the files are still there', async () => {
    const before = await state();
    await hub.stop({ keepData: true });
    hub = await startTestHub({ dataDir: hub.dataDir, clock });
    expect(await state()).toEqual({ ...before, progress: null });
    expect(existsSync(path.join(hub.dataDir, 'backups', before.lastBackup!.file))).toBe(true);
  });
});
