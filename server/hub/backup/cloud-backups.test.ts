import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startTestAccount, type TestAccount } from '../../cloud/account/testing/test-account.js';
import { hubOwner } from '../../cloud/account/hubs.js';
import { createBackupService, type BackupService } from '../../cloud/backup/service.js';
import { hubSecret } from '../../cloud/callers/hub-secret.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { ownerOf } from '../users/users.js';
import { onCloudRestore, onCloudUpload, type CloudUpload } from './cloud-backups.js';

const KEY = 'cloud-backup-test-key';
/** What a restored hub must have as the first had it. */
const READS = ['/api/manager/devices/device', '/api/manager/zones/zone', '/api/manager/flow/flow', '/api/manager/system/name'];

describe('cloud backups of a hub', () => {
  let account: TestAccount;
  let service: BackupService;
  let serviceUrl: string;
  let hub: TestHub;
  /** Another hub of the same owner, which restores from the first one's backup through its backup manager. */
  let other: TestHub;
  let owner: Awaited<ReturnType<TestAccount['user']>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cloud-backups-'));
  const next = (on: typeof onCloudUpload, of: TestHub) => new Promise<CloudUpload>((resolve) => {
    const off = on(of.hub, (outcome) => {
      off();
      resolve(outcome);
    });
  });
  const nextUpload = () => next(onCloudUpload, hub);

  beforeAll(async () => {
    account = await startTestAccount();
    service = await createBackupService({ dataDir, accountKey: account.account.keys.publicPem, hubSecretKey: KEY, ownerOf: (hubId) => hubOwner(account.account, hubId), validateResponses: true, development: true });
    serviceUrl = await service.listen(0);
    [hub, other] = [await startTestHub(), await startTestHub()];
    owner = await account.user('backup');
    // Both hubs are the owner's, with records in the account service and the deployment's credential.
    for (const each of [hub, other]) {
      each.hub.store.save('user', { ...ownerOf(each.hub)!, athomId: owner.id });
      await account.http().post('/homey/').set(owner.accountAuth).send({ _id: each.hub.id, name: 'Home' }).expect(200);
      Object.assign(each.hub.config, { backupUrl: serviceUrl, hubSecret: hubSecret(KEY, each.hub.id) });
    }
  });
  afterAll(async () => {
    await hub.stop();
    await other.stop();
    await service.close();
    await account.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when the hub takes a backup, then it goes up for its owner and is listed by the service and by the backup manager', async () => {
    await hub.http().put('/api/manager/system/name').set(bearer(hub.token)).send({ name: 'Backed-up home' }).expect(200);
    const uploaded = nextUpload();
    await hub.http().post('/api/manager/backup/backup').set(bearer(hub.token)).send({}).expect(200);
    const { backup, error } = await uploaded;
    expect(error).toBeUndefined();
    expect(backup).toMatchObject({ userId: owner.id, homeyId: hub.hub.id, homeyName: 'Backed-up home', state: 'complete', version: hub.hub.version });
    expect((await request(serviceUrl).get('/user/me').query({ token: owner.token }).expect(200)).body).toEqual([backup]);
    expect((await other.http().get('/api/manager/backup/cloud-backup').set(bearer(other.token)).expect(200)).body).toEqual([backup]);
  });

  it("when the owner restores another hub from that backup through its backup manager, then it has the first hub's home under its own id and every session ends", async () => {
    const [backup] = (await other.http().get('/api/manager/backup/cloud-backup').set(bearer(other.token)).expect(200)).body;
    const member = other.member('manager');
    expect((await other.http().post(`/api/manager/backup/cloud-backup/${backup._id}/restore`).set(member.auth).send({}).expect(403)).body.error_description).toMatch(/owner/);
    await other.http().post('/api/manager/backup/cloud-backup/no-such-backup/restore').set(bearer(other.token)).send({}).expect(400);
    await other.http().post(`/api/manager/backup/cloud-backup/${'A'.repeat(22)}/restore`).set(bearer(other.token)).send({}).expect(404);
    expect((await other.http().get('/api/manager/system/name').set(bearer(other.token)).expect(200)).body).not.toBe('Backed-up home');

    const restored = next(onCloudRestore, other);
    const answer = await other.http().post(`/api/manager/backup/cloud-backup/${backup._id}/restore`).set(bearer(other.token)).send({}).expect(200);
    expect(answer.body).toEqual(backup);
    expect((await restored).error).toBeUndefined();

    await other.http().get('/api/manager/system/name').set(bearer(other.token)).expect(401);
    // The owner signs in again as any client does, with a delegation token of their cloud account.
    const token = (await other.http().post('/api/manager/users/login').send({ token: await other.cloudToken({ sub: owner.id }) }).expect(200)).body;
    expect(other.hub.id).not.toBe(hub.hub.id);
    expect(other.hub.settings.get('hubId')).toBe(other.hub.id);
    for (const read of READS) {
      const before = (await hub.http().get(read).set(bearer(hub.token)).expect(200)).body;
      expect((await other.http().get(read).set(bearer(token)).expect(200)).body).toEqual(before);
    }
  });

  it('when the service refuses the upload, then the hub records why and no backup lists', async () => {
    const stranger = await account.user('backup');
    hub.hub.store.save('user', { ...ownerOf(hub.hub)!, athomId: stranger.id });
    hub.hub.config.hubSecret = hubSecret('another deployment', hub.hub.id);
    try {
      const uploaded = nextUpload();
      await hub.http().post('/api/manager/backup/backup').set(bearer(hub.token)).send({}).expect(200);
      expect((await uploaded).error).toMatch(/^createBackup: the backup service answered 401/);
      expect((await request(serviceUrl).get('/user/me').query({ token: stranger.token }).expect(200)).body).toEqual([]);
    } finally {
      hub.hub.config.hubSecret = hubSecret(KEY, hub.hub.id);
    }
  });

  it('when the hub has no cloud backup service, then listing and restoring are refused with a 409', async () => {
    const { backupUrl } = hub.hub.config;
    hub.hub.config.backupUrl = undefined;
    try {
      await hub.http().get('/api/manager/backup/cloud-backup').set(bearer(hub.token)).expect(409);
      await hub.http().post(`/api/manager/backup/cloud-backup/${'A'.repeat(22)}/restore`).set(bearer(hub.token)).send({}).expect(409);
    } finally {
      hub.hub.config.backupUrl = backupUrl;
    }
  });
});
