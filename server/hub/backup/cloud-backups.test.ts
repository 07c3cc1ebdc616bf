import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startTestAccount, type TestAccount } from '../../cloud/account/testing/test-account.js';
import { hubOwner } from '../../cloud/account/hubs.js';
import { createBackupService, type BackupService } from '../../cloud/backup/service.js';
import { hubSecret } from '../../cloud/hub-secret.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { ownerOf } from '../users/users.js';
import { onCloudUpload, restoreCloudBackup, type CloudUpload } from './cloud-backups.js';

const KEY = 'cloud-backup-test-key';
const FRESH_HUB = 'cccccccccccccccccccccccc';
/** What a restored hub must have as the first had it. */
const READS = ['/api/manager/devices/device', '/api/manager/zones/zone', '/api/manager/flow/flow', '/api/manager/system/name'];

describe('cloud backups of a hub', () => {
  let account: TestAccount;
  let service: BackupService;
  let serviceUrl: string;
  let hub: TestHub;
  let owner: Awaited<ReturnType<TestAccount['user']>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cloud-backups-'));
  const nextUpload = () => new Promise<CloudUpload>((resolve) => {
    const off = onCloudUpload(hub.hub, (upload) => {
      off();
      resolve(upload);
    });
  });

  beforeAll(async () => {
    account = await startTestAccount();
    service = await createBackupService({ dataDir, accountKey: account.account.keys.publicPem, hubSecretKey: KEY, ownerOf: (hubId) => hubOwner(account.account, hubId), validateResponses: true, development: true });
    serviceUrl = await service.listen(0);
    hub = await startTestHub();
    owner = await account.user('backup');
    hub.hub.store.save('user', { ...ownerOf(hub.hub)!, athomId: owner.id });
    // The owner's hub records with the account service: this hub, and the new hub that restores from its backup.
    for (const _id of [hub.hub.id, FRESH_HUB]) await account.http().post('/homey/').set(owner.accountAuth).send({ _id, name: 'Home' }).expect(200);
    Object.assign(hub.hub.config, { backupUrl: serviceUrl, hubSecret: hubSecret(KEY, hub.hub.id) });
  });
  afterAll(async () => {
    await hub.stop();
    await service.close();
    await account.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when the hub takes a backup, then it goes up for its owner, is listed, and restores into a fresh hub identical to the first', async () => {
    await hub.http().put('/api/manager/system/name').set(bearer(hub.token)).send({ name: 'Backed-up home' }).expect(200);
    const uploaded = nextUpload();
    await hub.http().post('/api/manager/backup/backup').set(bearer(hub.token)).send({}).expect(200);
    const { backup, error } = await uploaded;
    expect(error).toBeUndefined();
    expect(backup).toMatchObject({ userId: owner.id, homeyId: hub.hub.id, homeyName: 'Backed-up home', state: 'complete', version: hub.hub.version });
    expect((await request(serviceUrl).get('/user/me').query({ token: owner.token }).expect(200)).body).toEqual([backup]);

    // A new hub of the owner (its own credential) restores from it before it starts.
    const freshDir = mkdtempSync(path.join(tmpdir(), 'restored-hub-'));
    await restoreCloudBackup({ backupUrl: serviceUrl, hubSecret: hubSecret(KEY, FRESH_HUB), userId: owner.id, backupId: backup!._id, dataDir: freshDir });
    const restored = await startTestHub({ dataDir: freshDir });
    try {
      expect(restored.hub.id).toBe(hub.hub.id);
      for (const read of READS) {
        const before = (await hub.http().get(read).set(bearer(hub.token)).expect(200)).body;
        expect((await restored.http().get(read).set(bearer(restored.token)).expect(200)).body).toEqual(before);
      }
    } finally {
      await restored.stop();
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

  it('when the fresh hub already has a database, then the restore refuses to overwrite it', async () => {
    await expect(restoreCloudBackup({ backupUrl: serviceUrl, hubSecret: hubSecret(KEY, hub.hub.id), userId: owner.id, backupId: (await service.db.selectFrom('backups').select('id').executeTakeFirstOrThrow()).id, dataDir: hub.dataDir })).rejects.toThrow(/EEXIST/);
  });
});
