import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP, PASSWORD, startTestAccount, type TestAccount } from '../../server/cloud/account/testing/test-account.js';
import { hubOwner } from '../../server/cloud/account/hubs.js';
import { createBackupService, type BackupService } from '../../server/cloud/backup/service.js';
import { hubSecret } from '../../server/cloud/callers/hub-secret.js';
import { CloudAPI } from './cloud-api.js';

describe('CloudAPI: the backup service, typed, for a hub and its owner', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'client-backup-'));
  const hubId = '5f7e3a1b2c4d6e8f9a0b1c2d';
  const secret = hubSecret('client-test-key', hubId);
  let account: TestAccount;
  let service: BackupService;
  let url: string;

  beforeAll(async () => {
    account = await startTestAccount();
    service = await createBackupService({ dataDir, accountKey: account.account.keys.publicPem, hubSecretKey: 'client-test-key', ownerOf: (id) => hubOwner(account.account, id), validateResponses: true, development: true });
    url = await service.listen(0);
  });
  afterAll(async () => {
    await service.close();
    await account.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when a hub backs up through the client, then its owner lists the backup and the hub downloads its bytes', async () => {
    const owner = await account.user();
    await account.http().post('/homey/').set(owner.auth).send({ _id: hubId, name: 'Home' }).expect(200);
    const cloud = new CloudAPI({ baseUrl: account.url, clientId: 'third-party' });
    const backups = cloud.service('backup', url);
    const bytes = randomBytes(2048);
    const created = await backups.createBackup({ userId: owner.id, homeyId: hubId, secret, homeyName: 'Home', homeyPlatform: 'local', homeyPlatformVersion: 2, homeyModel: 'homey-pro', version: '12.2.0', channel: 'stable' });
    // The bytes go up as the body of the path the service answered (streamed, not JSON).
    const upload = await fetch(`${url}${created.uploadPath}?secret=${encodeURIComponent(secret)}`, { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body: bytes });
    expect(upload.status).toBe(200);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const done = await backups.setBackupComplete({ userId: owner.id, homeyId: hubId, backupId: created._id, secret, size: bytes.length, hash });
    expect(done.state).toBe('complete');

    // The owner's app, signed in, sends a delegation token of audience backup as ?token=.
    const ownersApp = new CloudAPI({ baseUrl: account.url, clientId: APP.id, clientSecret: APP.secret });
    await ownersApp.authenticateWithPassword({ username: owner.email, password: PASSWORD });
    const token = await ownersApp.createDelegationToken({ audience: 'backup' });
    expect(await ownersApp.service('backup', url).getMyBackups({ token })).toEqual([done]);
    const downloaded = await backups.downloadBackup({ userId: owner.id, backupId: created._id, secret });
    expect(Buffer.from(downloaded).equals(bytes)).toBe(true);
    await expect(backups.getBackup({ userId: owner.id, backupId: 'AAAAAAAAAAAAAAAAAAAAAA', secret })).rejects.toMatchObject({ statusCode: 404 });
  });
});
