import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { devicesOf } from '../../cloud/account/devices.js';
import { startTestAccount, type TestAccount } from '../../cloud/account/testing/test-account.js';
import { hubSecret } from '../../cloud/callers/hub-secret.js';
import { readPushOutbox } from '../../cloud/notifications/outbox.js';
import { createNotificationsService, type NotificationsService } from '../../cloud/notifications/service.js';
import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { ownerOf } from '../users/users.js';
import { onCloudPush, type CloudPush } from './cloud-push.js';
import { createNotification } from './notify.js';

const KEY = 'cloud-push-test-key';

describe("a hub's notifications pushed through the cloud", () => {
  let account: TestAccount;
  let service: NotificationsService;
  let hub: TestHub;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cloud-push-'));
  const nextPush = () => new Promise<CloudPush>((resolve) => {
    const off = onCloudPush(hub.hub, (push) => {
      off();
      resolve(push);
    });
  });

  beforeAll(async () => {
    account = await startTestAccount();
    service = createNotificationsService({ dataDir, hubSecretKey: KEY, devicesOf: (userId) => devicesOf(account.account, userId) });
    const url = await service.listen(0);
    hub = await startTestHub();
    Object.assign(hub.hub.config, { notificationsUrl: url, hubSecret: hubSecret(KEY, hub.hub.id) });
  });
  afterAll(async () => {
    await hub.stop();
    await service.close();
    await account.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("when the hub posts a notification whose owner has push on, then it reaches the outbox for the owner's phone", async () => {
    const owner = await account.user();
    await account.http().post(`/user/${owner.id}/device`).set(owner.auth).send({ name: 'Phone', platform: 'ios', token: 'apns-owner' }).expect(200);
    hub.hub.store.save('user', { ...ownerOf(hub.hub)!, athomId: owner.id });

    const pushed = nextPush();
    const notification = createNotification(hub.hub, { ownerUri: 'homey:manager:flow', excerpt: 'The washing machine is done' })!;
    expect(await pushed).toEqual({ notificationId: notification.id, sent: 1 });
    expect(readPushOutbox(service.outboxDir)).toEqual([
      expect.objectContaining({ platform: 'ios', token: 'apns-owner', userId: owner.id, homeyId: hub.hub.id, message: 'The washing machine is done', pushId: notification.id }),
    ]);
  });

  it('when the push service refuses the hub, then the hub tells why', async () => {
    hub.hub.config.hubSecret = hubSecret('another deployment', hub.hub.id);
    try {
      const pushed = nextPush();
      createNotification(hub.hub, { ownerUri: 'homey:manager:flow', excerpt: 'Again' });
      expect((await pushed).error).toMatch(/^The push service answered 401/);
    } finally {
      hub.hub.config.hubSecret = hubSecret(KEY, hub.hub.id);
    }
  });
});
