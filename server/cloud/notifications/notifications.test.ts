import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { FakeClock } from '../../http/clock.js';
import { devicesOf } from '../account/devices.js';
import { startTestAccount, type TestAccount } from '../account/testing/test-account.js';
import { hubSecret } from '../callers/hub-secret.js';
import { readPushOutbox } from './outbox.js';
import { createNotificationsService, type NotificationsService } from './service.js';

const KEY = 'push-test-key';
const HUB = 'aaaaaaaaaaaaaaaaaaaaaaaa';

describe('cloud push notification service', () => {
  let account: TestAccount;
  let service: NotificationsService;
  let url: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'push-test-'));
  const clock = new FakeClock(Date.parse('2026-11-24T08:00:00Z'));
  const secret = hubSecret(KEY, HUB);

  beforeAll(async () => {
    account = await startTestAccount();
    service = createNotificationsService({ dataDir, hubSecretKey: KEY, clock, devicesOf: (userId) => devicesOf(account.account, userId), validateResponses: true, development: true });
    url = await service.listen(0);
  });
  afterAll(async () => {
    await service.close();
    await account.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("when a hub pushes a batch, then each user's registered devices get it in the outbox and users without devices are skipped", async () => {
    const anna = await account.user();
    const bert = await account.user();
    for (const device of [{ name: 'Phone', platform: 'ios', token: 'apns-token-1' }, { name: 'Tablet', platform: 'android', token: 'fcm-token-2' }]) {
      await account.http().post(`/user/${anna.id}/device`).set(anna.auth).send(device).expect(200);
    }
    const body = { batch: [{ userId: anna.id, title: 'Doorbell', message: 'Someone is at the front door', pushId: 'p1' }, { userId: bert.id, message: 'Nobody listens' }], data: { uri: 'homey:manager:notifications' } };
    expect((await request(url).post('/push').query({ secret }).send(body).expect(200)).body).toEqual({ sent: 2, skipped: 1 });
    const common = { userId: anna.id, homeyId: HUB, title: 'Doorbell', message: 'Someone is at the front door', pushId: 'p1', data: { uri: 'homey:manager:notifications' }, sentAt: '2026-11-24T08:00:00.000Z' };
    expect(readPushOutbox(service.outboxDir)).toEqual(expect.arrayContaining([{ ...common, platform: 'ios', token: 'apns-token-1' }, { ...common, platform: 'android', token: 'fcm-token-2' }]));
    expect(readPushOutbox(service.outboxDir)).toHaveLength(2);
  });

  it.each([
    ['without a secret', 401, () => request(url).post('/push').send({ batch: [{ userId: HUB, message: 'x' }] })],
    ['with a forged secret', 401, () => request(url).post('/push').query({ secret: `${HUB}.forged` }).send({ batch: [{ userId: HUB, message: 'x' }] })],
    ['with an empty batch', 400, () => request(url).post('/push').query({ secret }).send({ batch: [] })],
    ['with an item without its message', 400, () => request(url).post('/push').query({ secret }).send({ batch: [{ userId: HUB }] })],
    ['with a malformed user id', 400, () => request(url).post('/push').query({ secret }).send({ batch: [{ userId: 'anna', message: 'x' }] })],
    ['to a path that is not the service', 404, () => request(url).post('/pushes').query({ secret }).send({ batch: [{ userId: HUB, message: 'x' }] })],
  ])('when a push comes %s, then %i and nothing is sent', async (_name, status, call) => {
    const before = readPushOutbox(service.outboxDir).length;
    expect((await call().expect(status)).body).toMatchObject({ statusCode: status });
    expect(readPushOutbox(service.outboxDir)).toHaveLength(before);
  });

  it('when the service has no hub key, then a push is a 403', async () => {
    const keyless = createNotificationsService({ dataDir, devicesOf: async () => [] });
    const keylessUrl = await keyless.listen(0);
    try {
      await request(keylessUrl).post('/push').query({ secret }).send({ batch: [{ userId: HUB, message: 'x' }] }).expect(403);
    } finally {
      await keyless.close();
    }
  });
});
