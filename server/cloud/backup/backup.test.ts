import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { FakeClock } from '../../http/clock.js';
import { freshDatabase } from '../account/testing/postgres.js';
import { startTestAccount, type TestAccount } from '../account/testing/test-account.js';
import { hubSecret } from '../callers/hub-secret.js';
import { ABANDONED_AFTER_MS, MAX_BACKUPS_PER_USER } from './backups.js';
import { backupFile } from './files.js';
import { createBackupService, type BackupService } from './service.js';

const KEY = 'test-hub-secret-key';
const QUOTA = 64 * 1024;
const HUB = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER_HUB = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const STRANGERS_HUB = 'dddddddddddddddddddddddd';
const UNKNOWN_HUB = 'eeeeeeeeeeeeeeeeeeeeeeee';
const MISSING = 'AAAAAAAAAAAAAAAAAAAAAA';
const FIELDS = { homeyName: 'Home', homeyPlatform: 'local', homeyPlatformVersion: 2, homeyModel: 'homey-pro', version: '12.2.0', channel: 'stable' };
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('cloud backup service', () => {
  let account: TestAccount;
  let backups: BackupService;
  let url: string;
  const clock = new FakeClock(Date.parse('2026-11-24T02:00:00Z'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  const secret = (hubId = HUB) => hubSecret(KEY, hubId);
  /**
   * Which account owns which hub, as the account service records it (the hubs' records are its business: the real
   * lookup runs in the hub's cloud-backups test and the client's); each test hands the hubs to the user it plays.
   */
  const owners = new Map<string, string>();
  const own = (userId: string, ...hubIds: string[]) => hubIds.forEach((hubId) => owners.set(hubId, userId));

  /** A backup of HUB for `userId`, created and (given bytes) uploaded. */
  async function started(userId: string, bytes?: Buffer, hubId = HUB) {
    own(userId, hubId);
    const created = (await request(url).post(`/user/${userId}/homey/${hubId}`).query({ secret: secret(hubId) }).send(FIELDS).expect(200)).body;
    if (bytes) await request(url).put(created.uploadPath).query({ secret: secret(hubId) }).type('application/octet-stream').send(bytes).expect(200);
    return created as { _id: string; uploadPath: string; maxSize: number };
  }
  async function completed(userId: string, bytes = randomBytes(1000), hubId = HUB) {
    const { _id } = await started(userId, bytes, hubId);
    await request(url).put(`/user/${userId}/homey/${hubId}/backup/${_id}/complete`).query({ secret: secret(hubId) }).send({ size: bytes.length, hash: sha256(bytes) }).expect(200);
    return _id;
  }

  beforeAll(async () => {
    account = await startTestAccount();
    database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
    backups = await createBackupService({ dataDir, databaseUrl: database?.url, accountKey: account.account.keys.publicPem, clock, hubSecretKey: KEY, quotaBytes: QUOTA, ownerOf: async (hubId) => owners.get(hubId) ?? null, validateResponses: true, development: true });
    url = await backups.listen(0);
  });
  afterAll(async () => {
    await backups.close();
    await account.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when a hub creates, uploads and completes a backup, then it is listed for the user and the hub, and downloads as uploaded', async () => {
    const anna = await account.user('backup');
    const bytes = randomBytes(5000);
    const created = await started(anna.id);
    expect(created).toMatchObject({ ...FIELDS, userId: anna.id, homeyId: HUB, state: 'uploading', size: null, maxSize: QUOTA, createdAt: '2026-11-24T02:00:00.000Z' });
    const received = (await request(url).put(created.uploadPath).query({ secret: secret() }).type('application/octet-stream').send(bytes).expect(200)).body;
    expect(received).toEqual({ size: 5000, hash: sha256(bytes) });
    // Uploaded but not complete: listed nowhere, not downloadable, but the hub sees its state.
    expect((await request(url).get('/user/me').query({ token: anna.token }).expect(200)).body).toEqual([]);
    expect((await request(url).get(`/user/${anna.id}/backup/${created._id}`).query({ secret: secret() }).expect(200)).body.state).toBe('uploading');
    await request(url).get(`/user/${anna.id}/backup/${created._id}/download`).query({ secret: secret() }).expect(404);

    const done = (await request(url).put(`/user/${anna.id}/homey/${HUB}/backup/${created._id}/complete`).query({ secret: secret() }).send({ size: 5000, hash: sha256(bytes), meta: { devices: 3 } }).expect(200)).body;
    expect(done).toMatchObject({ _id: created._id, state: 'complete', size: 5000, hash: sha256(bytes), meta: { devices: 3 }, completedAt: '2026-11-24T02:00:00.000Z' });
    expect((await request(url).get('/user/me').query({ token: anna.token }).expect(200)).body).toEqual([done]);
    // A new hub of the same owner lists and downloads it to restore from.
    own(anna.id, OTHER_HUB);
    expect((await request(url).get(`/user/${anna.id}`).query({ secret: secret(OTHER_HUB) }).expect(200)).body).toEqual([done]);
    const download = await request(url).get(`/user/${anna.id}/backup/${created._id}/download`).query({ secret: secret(OTHER_HUB) }).buffer(true).parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(Buffer.compare(download.body as Buffer, bytes)).toBe(0);
    // Completing again with the same statement answers the same backup.
    await request(url).put(`/user/${anna.id}/homey/${HUB}/backup/${created._id}/complete`).query({ secret: secret() }).send({ size: 5000, hash: sha256(bytes) }).expect(200);
  });

  it.each([
    ['nothing was uploaded', undefined, (bytes: Buffer) => ({ size: bytes.length, hash: sha256(bytes) })],
    ['the size differs', randomBytes(100), (bytes: Buffer) => ({ size: bytes.length + 1, hash: sha256(bytes) })],
    ['the hash differs', randomBytes(100), () => ({ size: 100, hash: sha256(Buffer.from('other')) })],
  ])('when a backup is completed but %s, then 409 and it stays uploading, listed nowhere', async (_name, uploaded, statement) => {
    const bert = await account.user('backup');
    const { _id } = await started(bert.id, uploaded);
    await request(url).put(`/user/${bert.id}/homey/${HUB}/backup/${_id}/complete`).query({ secret: secret() }).send(statement(uploaded ?? Buffer.alloc(10))).expect(409);
    expect((await request(url).get(`/user/${bert.id}/backup/${_id}`).query({ secret: secret() }).expect(200)).body.state).toBe('uploading');
    expect((await request(url).get(`/user/${bert.id}`).query({ secret: secret() }).expect(200)).body).toEqual([]);
  });

  it("when uploads go beyond the user's quota, then 413 and the backup keeps no bytes", async () => {
    const carl = await account.user('backup');
    await completed(carl.id, randomBytes(QUOTA - 1000));
    const next = await started(carl.id);
    expect(next.maxSize).toBe(1000);
    expect((await request(url).put(next.uploadPath).query({ secret: secret() }).type('application/octet-stream').send(randomBytes(1001)).expect(413)).body.error).toBe('payload_too_large');
    expect(existsSync(backupFile(backups.state, next._id))).toBe(false);
    await request(url).put(next.uploadPath).query({ secret: secret() }).type('application/octet-stream').send(randomBytes(1000)).expect(200);
  });

  it(`when a user keeps ${MAX_BACKUPS_PER_USER} backups, then a new one is a 409, unless some were abandoned uploading for a day`, async () => {
    const dora = await account.user('backup');
    const old = new Date(clock.now() - ABANDONED_AFTER_MS - 1).toISOString();
    const rows = Array.from({ length: MAX_BACKUPS_PER_USER }, (_, index) => ({
      id: `seed${String(index).padStart(18, '0')}`, user_id: dora.id, homey_id: HUB, homey_name: 'x', homey_platform: 'local', homey_platform_version: 2, homey_model: 'm',
      version: '1.0.0', channel: 'stable', state: 'complete' as const, size: 1, hash: 'x', uploaded_size: 1, uploaded_hash: 'x', meta: '{}', created_at: old, completed_at: old,
    }));
    await backups.db.insertInto('backups').values(rows).execute();
    own(dora.id, HUB);
    await request(url).post(`/user/${dora.id}/homey/${HUB}`).query({ secret: secret() }).send(FIELDS).expect(409);
    await backups.db.updateTable('backups').set({ state: 'uploading' }).where('id', '=', rows[0]!.id).execute();
    await started(dora.id);
    expect(await backups.db.selectFrom('backups').select('id').where('id', '=', rows[0]!.id).execute()).toEqual([]);
  });

  it('when the user deletes a backup, then it and its bytes are gone; deleteBackups clears their account', async () => {
    const emma = await account.user('backup');
    const first = await completed(emma.id);
    const second = await completed(emma.id);
    await request(url).delete(`/user/me/homey/${HUB}/backup/${first}`).query({ token: emma.token }).expect(204);
    expect(existsSync(backupFile(backups.state, first))).toBe(false);
    expect((await request(url).get('/user/me').query({ token: emma.token }).expect(200)).body.map((backup: { _id: string }) => backup._id)).toEqual([second]);
    await request(url).delete(`/user/${emma.id}`).set(emma.auth).expect(204);
    expect((await request(url).get('/user/me').query({ token: emma.token }).expect(200)).body).toEqual([]);
    expect(existsSync(backupFile(backups.state, second))).toBe(false);
  });

  describe('refusals', () => {
    let user: Awaited<ReturnType<TestAccount['user']>>;
    let other: Awaited<ReturnType<TestAccount['user']>>;
    let backupId: string;
    beforeAll(async () => {
      user = await account.user('backup');
      other = await account.user('backup');
      backupId = await completed(user.id);
      own(other.id, STRANGERS_HUB);
    });
    type Call = (s: { userId: string; backupId: string; token: string; auth: { Authorization: string } }) => request.Test;
    const rows: Array<[string, number, Call]> = [
      ['getMyBackups without a token', 401, () => request(url).get('/user/me')],
      ['getMyBackups with an unknown token', 401, () => request(url).get('/user/me').query({ token: 'nope' })],
      ['getMyBackups with a token holding a NUL', 401, () => request(url).get('/user/me?token=fuzz%00id')],
      ['getMyBackups with a token holding a control character', 401, () => request(url).get('/user/me?token=fuzz%01id')],
      ['getMyBackups with a token of non-Latin-1 characters', 401, () => request(url).get('/user/me?token=%F0%9F%92%A1')],
      // A header carries bytes: the UTF-8 bytes of 💡 arrive as four Latin-1 characters.
      ['deleteBackups with a bearer token of non-ASCII characters', 401, (s) => request(url).delete(`/user/${s.userId}`).set('Authorization', 'Bearer fuzz\u00f0\u009f\u0092\u00a1id')],
      ['deleteMyBackup without a token', 401, (s) => request(url).delete(`/user/me/homey/${HUB}/backup/${s.backupId}`)],
      ['deleteMyBackup of a malformed id', 400, (s) => request(url).delete(`/user/me/homey/${HUB}/backup/short`).query({ token: s.token })],
      ['deleteMyBackup of an unknown backup', 404, (s) => request(url).delete(`/user/me/homey/${HUB}/backup/${MISSING}`).query({ token: s.token })],
      ['deleteMyBackup under another hub', 404, (s) => request(url).delete(`/user/me/homey/${OTHER_HUB}/backup/${s.backupId}`).query({ token: s.token })],
      ['getBackups without a secret', 401, (s) => request(url).get(`/user/${s.userId}`)],
      ['getBackups with a forged secret', 401, (s) => request(url).get(`/user/${s.userId}`).query({ secret: `${HUB}.forged` })],
      ['getBackups of a malformed user id', 400, () => request(url).get('/user/nobody').query({ secret: secret() })],
      ['deleteBackups without a token', 401, (s) => request(url).delete(`/user/${s.userId}`)],
      ['deleteBackups of another user', 403, (s) => request(url).delete(`/user/${'0'.repeat(24)}`).set(s.auth)],
      ['deleteBackups of a malformed user id', 400, (s) => request(url).delete('/user/x').set(s.auth)],
      ['getBackup without a secret', 401, (s) => request(url).get(`/user/${s.userId}/backup/${s.backupId}`)],
      ['getBackup of an unknown backup', 404, (s) => request(url).get(`/user/${s.userId}/backup/${MISSING}`).query({ secret: secret() })],
      ['getBackup of a malformed id', 400, (s) => request(url).get(`/user/${s.userId}/backup/bad`).query({ secret: secret() })],
      ['createBackup without a secret', 401, (s) => request(url).post(`/user/${s.userId}/homey/${HUB}`).send(FIELDS)],
      ["createBackup for another hub than the secret's", 403, (s) => request(url).post(`/user/${s.userId}/homey/${OTHER_HUB}`).query({ secret: secret() }).send(FIELDS)],
      ['createBackup without its fields', 400, (s) => request(url).post(`/user/${s.userId}/homey/${HUB}`).query({ secret: secret() }).send({ homeyName: 'Home' })],
      ['createBackup with an unknown channel', 400, (s) => request(url).post(`/user/${s.userId}/homey/${HUB}`).query({ secret: secret() }).send({ ...FIELDS, channel: 'nightly' })],
      ['setBackupComplete without a secret', 401, (s) => request(url).put(`/user/${s.userId}/homey/${HUB}/backup/${s.backupId}/complete`).send({ size: 1, hash: 'a'.repeat(64) })],
      ["setBackupComplete of another hub's backup", 403, (s) => request(url).put(`/user/${s.userId}/homey/${HUB}/backup/${s.backupId}/complete`).query({ secret: secret(OTHER_HUB) }).send({ size: 1, hash: 'a'.repeat(64) })],
      ['setBackupComplete with a malformed hash', 400, (s) => request(url).put(`/user/${s.userId}/homey/${HUB}/backup/${s.backupId}/complete`).query({ secret: secret() }).send({ size: 1, hash: 'xyz' })],
      ['setBackupComplete of an unknown backup', 404, (s) => request(url).put(`/user/${s.userId}/homey/${HUB}/backup/${MISSING}/complete`).query({ secret: secret() }).send({ size: 1, hash: 'a'.repeat(64) })],
      ['setBackupComplete changing a complete backup', 409, (s) => request(url).put(`/user/${s.userId}/homey/${HUB}/backup/${s.backupId}/complete`).query({ secret: secret() }).send({ size: 1, hash: 'a'.repeat(64) })],
      ['uploadBackup without a secret', 401, (s) => request(url).put(`/user/${s.userId}/homey/${HUB}/backup/${s.backupId}/upload`).type('application/octet-stream').send(Buffer.from('x'))],
      ["uploadBackup of another hub's backup", 403, (s) => request(url).put(`/user/${s.userId}/homey/${HUB}/backup/${s.backupId}/upload`).query({ secret: secret(OTHER_HUB) }).type('application/octet-stream').send(Buffer.from('x'))],
      ['uploadBackup of an unknown backup', 404, (s) => request(url).put(`/user/${s.userId}/homey/${HUB}/backup/${MISSING}/upload`).query({ secret: secret() }).type('application/octet-stream').send(Buffer.from('x'))],
      ['uploadBackup of a complete backup', 409, (s) => request(url).put(`/user/${s.userId}/homey/${HUB}/backup/${s.backupId}/upload`).query({ secret: secret() }).type('application/octet-stream').send(Buffer.from('x'))],
      ['downloadBackup without a secret', 401, (s) => request(url).get(`/user/${s.userId}/backup/${s.backupId}/download`)],
      ['downloadBackup of an unknown backup', 404, (s) => request(url).get(`/user/${s.userId}/backup/${MISSING}/download`).query({ secret: secret() })],
      ['getBackups by a hub the account does not own', 403, (s) => request(url).get(`/user/${s.userId}`).query({ secret: secret(STRANGERS_HUB) })],
      ['getBackup by a hub the account does not own', 403, (s) => request(url).get(`/user/${s.userId}/backup/${s.backupId}`).query({ secret: secret(STRANGERS_HUB) })],
      ['downloadBackup by a hub the account does not own', 403, (s) => request(url).get(`/user/${s.userId}/backup/${s.backupId}/download`).query({ secret: secret(STRANGERS_HUB) })],
      ['createBackup by a hub for an account that does not own it', 403, (s) => request(url).post(`/user/${s.userId}/homey/${STRANGERS_HUB}`).query({ secret: secret(STRANGERS_HUB) }).send(FIELDS)],
      ['createBackup by a hub the account service has no record of', 403, (s) => request(url).post(`/user/${s.userId}/homey/${UNKNOWN_HUB}`).query({ secret: secret(UNKNOWN_HUB) }).send(FIELDS)],
    ];
    it.each(rows)('when %s, then %i with the error body', async (_name, status, call) => {
      const res = await call({ userId: user.id, backupId, token: user.token, auth: user.auth }).expect(status);
      expect(res.body).toMatchObject({ statusCode: status, error: expect.any(String), error_description: expect.any(String) });
    });

    it("when another user or their token reaches for the user's backups, then they see none of them", async () => {
      expect((await request(url).get('/user/me').query({ token: other.token }).expect(200)).body).toEqual([]);
      await request(url).delete(`/user/me/homey/${HUB}/backup/${backupId}`).query({ token: other.token }).expect(404);
      // The user's hub asks for the backup under the other account: not its owner's, so refused.
      await request(url).get(`/user/${other.id}/backup/${backupId}`).query({ secret: secret() }).expect(403);
      // The other user's hub, for its own owner: that account has no such backup.
      await request(url).get(`/user/${other.id}/backup/${backupId}`).query({ secret: secret(STRANGERS_HUB) }).expect(404);
      await request(url).get(`/user/${other.id}`).query({ secret: secret(STRANGERS_HUB) }).expect(200, []);
    });
  });
});
