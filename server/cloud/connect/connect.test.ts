import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest, type ServerResponse } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { WebSocket, WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import { startRemoteConnect } from '../../hub/cloud/connect.js';
import { CloudAPI } from '../../../client/cloud/cloud-api.js';
import { openHubSession } from '../../../client/cloud/hub-session.js';
import { MemoryStorageAdapter } from '../../../client/cloud/storage.js';
import { Device } from '../../../client/hub/device.js';
import type { HubAPI } from '../../../client/hub/hub-api.js';
import { awaitOAuth2Code, registerWebhook } from '../../hub/cloud/cloud.js';
import { createNotification } from '../../hub/notifications/notify.js';
import { onCloudWebhook, onWebhook, type CloudWebhookCall, type WebhookCall } from '../../hub/logic/webhooks.js';
import { installPackage, uninstall } from '../../hub/apps/lifecycle.js';
import { readManifest } from '../../common/app-package/manifest.js';
import { eventually } from '../../hub/apps/testing/eventually.js';
import { startTestHub, type TestHub } from '../../hub/testing/test-hub.js';
import { newUser } from '../../hub/users/users.js';
import { APP, PASSWORD, startTestAccount, type TestAccount } from '../account/testing/test-account.js';
import { createCallbackService, type CallbackService } from '../callback/service.js';
import { hubSecret } from '../callers/hub-secret.js';
import { createWebhooksService, type WebhooksService } from '../webhooks/service.js';
import { tunnelHubDelivery } from './delivery.js';
import { createConnectService, type ConnectService } from './service.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const OFFLINE_HUB = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const STRANGERS_HUB = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const SHARED_SECRET = 'cloud-shared-secret';

describe('the connect service: a hub reached through its tunnel', () => {
  let cloud: TestAccount;
  let hub: TestHub;
  let connect: ConnectService;
  let connectUrl: string;
  let owner: Awaited<ReturnType<TestAccount['user']>>;
  const key = randomBytes(32).toString('base64url');
  const http = () => request(connectUrl);

  beforeAll(async () => {
    cloud = await startTestAccount();
    const { body: cloudPublicKey } = await cloud.http().get('/delegation/key').expect(200);
    connect = createConnectService({ ...cloud.connectAccount(), hubSecretKey: key, sharedSecret: SHARED_SECRET, validateResponses: true, development: true });
    connectUrl = await connect.listen(0);
    hub = await startTestHub({ cloudPublicKey, connectUrl, hubSecret: hubSecret(key, OFFLINE_HUB), cloudSharedSecret: SHARED_SECRET });
    // The hub's own credential: its id is known once it runs.
    hub.hub.config.hubSecret = hubSecret(key, hub.hub.id);
    await hub.connectRemote()!.connected();
    owner = await cloud.user('connect');
    hub.hub.store.insert('user', newUser({ name: 'Owner', athomId: owner.id, verified: true, role: 'manager' }));
    // Its local address is one nothing answers at: only the cloud strategy can reach it.
    const record = { _id: hub.hub.id, name: 'Home', apiVersion: 3, platform: 'local', localUrl: 'http://127.0.0.1:9', remoteUrl: connectUrl };
    await cloud.http().post('/homey/').set(owner.accountAuth).send(record).expect(200);
    await cloud.http().post('/homey/').set(owner.accountAuth).send({ _id: OFFLINE_HUB, name: 'Cabin' }).expect(200);
  });
  afterAll(async () => {
    await hub.stop();
    await connect.close();
    await cloud.stop();
  });

  describe('ping', () => {
    it.each([
      ['a connected hub of the caller', 200, undefined, () => hub.hub.id, () => owner.auth],
      ['a hub of the caller that is not connected', 404, 'homey_offline', () => OFFLINE_HUB, () => owner.auth],
      ['a hub of someone else', 403, 'forbidden', () => STRANGERS_HUB, () => owner.auth],
      ['an id that is no hub id', 400, undefined, () => 'not-a-hub', () => owner.auth],
      ['no token', 401, 'unauthorized', () => hub.hub.id, () => ({})],
      ['a token the account service does not know', 401, 'invalid_token', () => hub.hub.id, () => ({ Authorization: 'Bearer nope' })],
    ])('when asked for %s, then %i', async (_case, status, error, homeyId, auth) => {
      const res = await http().get(`/homey/${homeyId()}/ping`).set(auth()).expect(status);
      if (status === 200) expect(res.body).toBe(true);
      else expect(res.body).toMatchObject({ statusCode: status, ...(error ? { error } : {}) });
    });
  });

  describe('acceptSharingRequest', () => {
    const invite = async () => (await hub.http().post('/api/manager/users/user').set('Authorization', `Bearer ${hub.token}`).send({ role: 'user' }).expect(200)).body as { id: string; inviteToken: string };

    it("when a signed-in person accepts a hub's invite, then the hub binds their account to the invited user", async () => {
      const guest = await cloud.user('connect');
      const { id, inviteToken } = await invite();
      const res = await http().post(`/homey/${hub.hub.id}/invite/accept`).set(guest.auth).send({ inviteToken }).expect(200);
      expect(res.body).toMatchObject({ id, athomId: guest.id, name: 'Test' });
      // Accepted once: the hub refuses the same invite again (409), and an invite it never made (404).
      expect((await http().post(`/homey/${hub.hub.id}/invite/accept`).set(guest.auth).send({ inviteToken }).expect(409)).body).toMatchObject({ statusCode: 409 });
      await http().post(`/homey/${hub.hub.id}/invite/accept`).set(guest.auth).send({ inviteToken: 'no-such-invite' }).expect(404);
    });

    it.each([
      ['no token', 401, () => ({}), () => ({ inviteToken: 'x' }), () => hub.hub.id],
      ["another account's id", 403, () => owner.auth, () => ({ inviteToken: 'x', athomId: 'someone-else' }), () => hub.hub.id],
      ['the operator', 403, () => ({ Authorization: `Bearer ${SHARED_SECRET}` }), () => ({ inviteToken: 'x' }), () => hub.hub.id],
      ['no invite token', 400, () => owner.auth, () => ({}), () => hub.hub.id],
      ['a field it does not know', 400, () => owner.auth, () => ({ inviteToken: 'x', role: 'owner' }), () => hub.hub.id],
      ['a hub that is not connected', 404, () => owner.auth, () => ({ inviteToken: 'x' }), () => OFFLINE_HUB],
    ])('when sent with %s, then %i', async (_case, status, auth, body, homeyId) => {
      const res = await http().post(`/homey/${homeyId()}/invite/accept`).set(auth()).send(body()).expect(status);
      expect(res.body).toMatchObject({ statusCode: status });
    });
  });

  describe('sendWebhook', () => {
    const operator = { Authorization: `Bearer ${SHARED_SECRET}` };

    it("when the webhooks service delivers a call, then what registered the webhook on the hub hears its args", async () => {
      registerWebhook(hub.hub, { id: 'doorbell-cloud', name: 'Doorbell', ownerUri: 'homey:manager:flow' });
      const heard: CloudWebhookCall[] = [];
      const stop = onCloudWebhook(hub.hub, (call) => heard.push(call));
      try {
        await http().post(`/homey/${hub.hub.id}/webhook/doorbell-cloud`).set(operator).send({ args: { body: { button: 'front' } } }).expect(204);
      } finally {
        stop();
      }
      expect(heard).toEqual([{ id: 'doorbell-cloud', args: { body: { button: 'front' } } }]);
    });

    it.each([
      ['no token', 401, () => ({}), () => ({ args: {} }), 'doorbell-cloud', () => hub.hub.id],
      ["a user's token", 403, () => owner.auth, () => ({ args: {} }), 'doorbell-cloud', () => hub.hub.id],
      ['args that are no object', 400, () => operator, () => ({ args: 'ring' }), 'doorbell-cloud', () => hub.hub.id],
      ['a webhook the hub does not know', 404, () => operator, () => ({ args: {} }), 'no-such-hook', () => hub.hub.id],
      ['a hub that is not connected', 404, () => operator, () => ({ args: {} }), 'doorbell-cloud', () => OFFLINE_HUB],
    ])('when sent with %s, then %i', async (_case, status, auth, body, webhookId, homeyId) => {
      const res = await http().post(`/homey/${homeyId()}/webhook/${webhookId}`).set(auth()).send(body()).expect(status);
      expect(res.body).toMatchObject({ statusCode: status });
    });
  });

  describe('confirmPushNotification', () => {
    const notify = () => createNotification(hub.hub, { ownerUri: 'homey:manager:flow', excerpt: 'The door is open' })!;
    const confirm = (pushId: string, body: object, auth: Record<string, string> = owner.auth, homeyId = hub.hub.id) =>
      http().post(`/homey/${homeyId}/push/confirm/${pushId}`).set(auth).send(body);

    it("when a user answers a push, then the hub applies it for that account's user (read, then delete)", async () => {
      const { id } = notify();
      await confirm(id, { choice: 'read' }).expect(204);
      const read = hub.hub.store.get('notification', id)!;
      expect(read.readBy).toEqual([hub.hub.store.values('user').find((user) => user.athomId === owner.id)!.id]);
      await confirm(id, { choice: 'delete' }).expect(204);
      expect(hub.hub.store.get('notification', id)).toBeUndefined();
    });

    it.each([
      ['no token', 401, () => ({}), { choice: 'read' }, () => hub.hub.id],
      ['the operator', 403, () => ({ Authorization: `Bearer ${SHARED_SECRET}` }), { choice: 'read' }, () => hub.hub.id],
      ['a hub of someone else', 403, () => owner.auth, { choice: 'read' }, () => STRANGERS_HUB],
      ['a choice it does not know', 400, () => owner.auth, { choice: 'maybe' }, () => hub.hub.id],
      ['a hub that is not connected', 404, () => owner.auth, { choice: 'read' }, () => OFFLINE_HUB],
    ])('when sent with %s, then %i', async (_case, status, auth, body, homeyId) => {
      const res = await confirm(notify().id, body, auth(), homeyId()).expect(status);
      expect(res.body).toMatchObject({ statusCode: status });
    });

    it('when the hub knows no such push, then 404', async () => {
      expect((await confirm('no-such-push', { choice: 'read' }).expect(404)).body).toMatchObject({ error: 'not_found' });
    });
  });

  describe('sendMobileEvent', () => {
    const message = (event: object) => JSON.stringify(event);
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const hubUserId = () => hub.hub.store.values('user').find((user) => user.athomId === owner.id)!.id;
    const send = (body: object, query: object = { homeyId: hub.hub.id }, auth: Record<string, string> = owner.auth) => http().post('/mobile/event').query(query).set(auth).send(body);

    it("when a user's phone reports entering the geofence, then the hub marks them present", async () => {
      const text = message({ event: 'geofence.enter', timestamp: '2026-11-23T17:05:00.000Z' });
      await send({ deviceId: 'phone-1', userId: hubUserId(), message: text, signature: sha(text) }).expect(204);
      const state = await hub.http().get('/api/manager/mobile/state').set('Authorization', `Bearer ${hub.token}`).expect(200);
      expect(state.body.lastEvent).toMatchObject({ userId: hubUserId(), deviceId: 'phone-1', event: 'geofence.enter' });
      await send({ deviceId: 'phone-1', userId: hubUserId(), message: message({ event: 'app.opened' }) }).expect(204);
    });

    it.each([
      ['no token', 401, () => ({ deviceId: 'p', userId: hubUserId(), message: message({ event: 'a' }) }), () => ({ homeyId: hub.hub.id }), () => ({})],
      ['no hub named', 400, () => ({ deviceId: 'p', userId: hubUserId(), message: message({ event: 'a' }) }), () => ({}), () => owner.auth],
      ['a hub of someone else', 403, () => ({ deviceId: 'p', userId: hubUserId(), message: message({ event: 'a' }) }), () => ({ homeyId: STRANGERS_HUB }), () => owner.auth],
      ['a hub user of another account', 403, () => ({ deviceId: 'p', userId: hub.member('user').id, message: message({ event: 'a' }) }), () => ({ homeyId: hub.hub.id }), () => owner.auth],
      ['a signature that does not match', 400, () => ({ deviceId: 'p', userId: hubUserId(), message: message({ event: 'a' }), signature: sha('other') }), () => ({ homeyId: hub.hub.id }), () => owner.auth],
      ['a message that is no JSON', 400, () => ({ deviceId: 'p', userId: hubUserId(), message: 'geofence.enter' }), () => ({ homeyId: hub.hub.id }), () => owner.auth],
      ['a message without an event', 400, () => ({ deviceId: 'p', userId: hubUserId(), message: message({ data: {} }) }), () => ({ homeyId: hub.hub.id }), () => owner.auth],
      ['a message with a bad timestamp', 400, () => ({ deviceId: 'p', userId: hubUserId(), message: message({ event: 'a', timestamp: 'soon' }) }), () => ({ homeyId: hub.hub.id }), () => owner.auth],
      ['no device id', 400, () => ({ userId: hubUserId(), message: message({ event: 'a' }) }), () => ({ homeyId: hub.hub.id }), () => owner.auth],
      ['a hub user that does not exist', 404, () => ({ deviceId: 'p', userId: 'nobody', message: message({ event: 'a' }) }), () => ({ homeyId: hub.hub.id }), () => owner.auth],
      ['a hub that is not connected', 404, () => ({ deviceId: 'p', userId: 'u', message: message({ event: 'a' }) }), () => ({ homeyId: OFFLINE_HUB }), () => owner.auth],
    ])('when sent with %s, then %i', async (_case, status, body, query, auth) => {
      const res = await send(body(), query(), auth()).expect(status);
      expect(res.body).toMatchObject({ statusCode: status });
    });
  });

  describe('sendOAuth2Callback', () => {
    const operator = { Authorization: `Bearer ${SHARED_SECRET}` };

    it("when the callback service delivers a code, then the app's sign-in waiting under the token gets it, once", async () => {
      const codes: string[] = [];
      const cancel = awaitOAuth2Code(hub.hub, 'com.example.weather', 'sign-in-1', (code) => codes.push(code));
      await http().post(`/homey/${hub.hub.id}/callback/oauth2`).set(operator).send({ code: 'the-code', token: 'sign-in-1' }).expect(204);
      await http().post(`/homey/${hub.hub.id}/callback/oauth2`).set(operator).send({ code: 'again', token: 'sign-in-1' }).expect(404);
      cancel();
      expect(codes).toEqual(['the-code']);
    });

    it.each([
      ['no token', 401, () => ({}), { code: 'c', token: 't' }, () => hub.hub.id],
      ["a user's token", 403, () => owner.auth, { code: 'c', token: 't' }, () => hub.hub.id],
      ['no code', 400, () => operator, { token: 't' }, () => hub.hub.id],
      ['a token no sign-in waits under', 404, () => operator, { code: 'c', token: 'nobody-waits' }, () => hub.hub.id],
      ['a hub that is not connected', 404, () => operator, { code: 'c', token: 't' }, () => OFFLINE_HUB],
    ])('when sent with %s, then %i', async (_case, status, auth, body, homeyId) => {
      const res = await http().post(`/homey/${homeyId()}/callback/oauth2`).set(auth()).send(body).expect(status);
      expect(res.body).toMatchObject({ statusCode: status });
    });
  });

  describe('the cloud services that deliver to hubs through connect', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'connect-delivery-'));
    let webhooks: WebhooksService;
    let webhooksUrl: string;
    let callback: CallbackService;
    let callbackUrl: string;
    beforeAll(async () => {
      // The hubs' own addresses are on loopback, which only the operator's allow-list lets a webhooks service reach.
      webhooks = await createWebhooksService({ dataDir, accountKey: cloud.account.keys.publicPem, hubSecretKey: key, connectDelivery: tunnelHubDelivery(connect.connections), callbackAllowList: ['127.0.0.1'] });
      webhooksUrl = await webhooks.listen(0);
      callback = await createCallbackService({ dataDir, hubSecretKey: key, delivery: tunnelHubDelivery(connect.connections), validateResponses: true, development: true });
      callbackUrl = await callback.listen(0);
    });
    afterAll(async () => {
      await Promise.all([webhooks.close(), callback.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("when a webhook is called, then a connected hub gets it through its tunnel, another at its registered address", async () => {
      const developer = await cloud.user('webhooks');
      const { body: webhook } = await request(webhooksUrl).post('/api/webhook').query({ token: developer.token }).send({ name: 'Door', fn: 'door_ring', keyPath: 'door' }).expect(200);
      registerWebhook(hub.hub, { id: webhook._id, name: 'Door', ownerUri: 'homey:manager:logic' });
      // The connected hub registered an address nothing answers at; the hub that is not connected, the real hub's.
      const register = (homeyId: string, callback_url: string) =>
        request(webhooksUrl).put(`/webhook/${webhook._id}/${homeyId}`).send({ secret: hubSecret(key, homeyId), data: { door: 'front' }, callback_url }).expect(200);
      await register(hub.hub.id, 'http://127.0.0.1:9');
      await register(OFFLINE_HUB, hub.url);
      const heard: WebhookCall[] = [];
      const stop = onWebhook(hub.hub, (call) => heard.push(call));
      try {
        const { body } = await request(webhooksUrl).post(`/webhook/${webhook._id}`).send({ door: 'front' }).expect(200);
        expect(body).toEqual({ accepted: 2 });
        await Promise.all(webhooks.state.deliveries);
      } finally {
        stop();
      }
      expect(heard).toEqual([{ event: 'door_ring', tag: '' }, { event: 'door_ring', tag: '' }]);
    });

    it("when an app signs in with a provider, then the code the provider sends back reaches the app through connect", async () => {
      const appDir = path.join(dataDir, 'com.example.oauth');
      mkdirSync(appDir);
      writeFileSync(path.join(appDir, 'app.json'), JSON.stringify({ id: 'com.example.oauth', version: '1.0.0', compatibility: '>=12.0.0', sdk: 3, name: { en: 'OAuth' }, author: { name: 'Dev', email: 'dev@example.com' } }));
      writeFileSync(path.join(appDir, 'app.js'), `const Homey = require('homey');
module.exports = class OAuthApp extends Homey.App {
  async onInit() {
    try {
      const signIn = await this.homey.cloud.createOAuth2Callback(Homey.env.API_URL);
      signIn.on('url', (url) => this.homey.settings.set('url', url)).on('code', (code) => this.homey.settings.set('code', code));
    } catch (error) {
      this.homey.settings.set('error', error.message);
    }
  }
};
`);
      const values = () => hub.hub.store.get('appsettings', 'com.example.oauth')?.values ?? {};
      hub.hub.config.callbackUrl = callbackUrl;
      try {
        await installPackage(hub.hub, appDir, readManifest(appDir), 'devkit_install', { env: { API_URL: 'https://provider.example/authorize?client_id=app' } });
        await eventually(() => expect(values().url).toMatch(/^https:\/\/provider\.example\/authorize\?client_id=app&redirect_uri=.+&state=/));
        const state = new URL(values().url as string).searchParams.get('state')!;
        const page = await request(callbackUrl).get('/oauth2/callback').query({ state, code: 'provider-code' }).expect(200);
        expect(page.text).toContain('You are signed in');
        await eventually(() => expect(values().code).toBe('provider-code'));
        // A hub given no callback service: the app hears why it cannot sign in.
        await uninstall(hub.hub, 'com.example.oauth', true);
        delete hub.hub.config.callbackUrl;
        await installPackage(hub.hub, appDir, readManifest(appDir), 'devkit_install', { env: { API_URL: 'https://provider.example/authorize' } });
        await eventually(() => expect(values().error).toMatch(/no cloud callback service/));
      } finally {
        delete hub.hub.config.callbackUrl;
        await uninstall(hub.hub, 'com.example.oauth', true).catch(() => undefined);
      }
    });
  });

  describe('forwarded HTTP calls', () => {
    it("when a client calls the hub's API naming it with X-Homey-ID, then the hub answers as it does locally", async () => {
      const ping = await http().get('/api/manager/system/ping').query({ id: hub.hub.id }).set('X-Homey-ID', hub.hub.id).expect(200);
      expect(ping.headers['x-homey-id']).toBe(hub.hub.id);
      expect(ping.body).toBe(true);
      const remote = await http().get('/api/manager/devices/device').set('X-Homey-ID', hub.hub.id).set('Authorization', `Bearer ${hub.token}`).expect(200);
      const local = await hub.http().get('/api/manager/devices/device').set('Authorization', `Bearer ${hub.token}`).expect(200);
      expect(remote.text).toBe(local.text);
      expect(remote.headers.etag).toBe(local.headers.etag);
      await http().get('/api/manager/devices/device').set('X-Homey-ID', hub.hub.id).expect(401);
    });

    it('when a call is forwarded, then the hub makes it on its own app in process, not as a request to its own server', async () => {
      let requests = 0;
      const count = () => requests++;
      hub.server.on('request', count);
      try {
        await http().get('/api/manager/zones/zone').set('X-Homey-ID', hub.hub.id).set('Authorization', `Bearer ${hub.token}`).expect(200);
      } finally {
        hub.server.off('request', count);
      }
      expect(requests).toBe(0);
    });

    it("when clients at two addresses sign in through connect, then the hub counts failed sign-ins per client address, not per tunnel", async () => {
      const user = hub.member('user');
      await hub.http().put('/api/manager/users/user/me/local-credentials').set(user.auth).send({ username: 'remote-ida', password: 'ida password' }).expect(204);
      // Loopback answers on all of 127.0.0.0/8: two clients, each at an address of its own.
      const signIn = (localAddress: string, username: string, password: string) =>
        new Promise<number>((resolve, reject) => {
          const headers = { 'content-type': 'application/json', 'x-homey-id': hub.hub.id, 'x-forwarded-for': '127.0.0.9' };
          const call = httpRequest(new URL('/api/manager/users/login-local', connectUrl), { method: 'POST', localAddress, headers }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode!));
          });
          call.on('error', reject);
          call.end(JSON.stringify({ username, password, clientId: 'wall-tablet', clientName: 'Wall tablet' }));
        });
      for (let i = 0; i < 11; i++) expect(await signIn('127.0.0.2', `sprayed${i}`, 'Summer2030!')).toBe(401);
      expect(await signIn('127.0.0.2', 'remote-ida', 'ida password')).toBe(429);
      expect(await signIn('127.0.0.3', 'remote-ida', 'ida password')).toBe(200);
    });

    it('when a call carries a body, then the hub gets it whole, and its answer comes back', async () => {
      const zone = { name: `Attic ${Date.now()}`, icon: 'attic', parent: Object.keys((await hub.http().get('/api/manager/zones/zone').set('Authorization', `Bearer ${hub.token}`)).body)[0] };
      const created = await http().post('/api/manager/zones/zone').set('X-Homey-ID', hub.hub.id).set('Authorization', `Bearer ${hub.token}`).send(zone).expect(200);
      expect(created.body).toMatchObject({ name: zone.name });
      await hub.http().get(`/api/manager/zones/zone/${created.body.id}`).set('Authorization', `Bearer ${hub.token}`).expect(200);
    });

    it('when the hub is not named, or not connected, then 400 or 404 homey_offline', async () => {
      expect((await http().get('/api/manager/system/ping').expect(400)).body).toMatchObject({ error: 'missing_homey_id', statusCode: 400 });
      expect((await http().get('/api/manager/system/ping').set('X-Homey-ID', OFFLINE_HUB).expect(404)).body).toMatchObject({ error: 'homey_offline' });
    });

    it("when a page's preflight comes without X-Homey-ID, then it is allowed; the call itself carries the hub's CORS answer", async () => {
      const pre = await http()
        .options('/api/manager/devices/device')
        .set('Origin', 'https://app.example')
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'authorization, x-homey-id')
        .expect(204);
      expect(pre.headers).toMatchObject({ 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET', 'access-control-allow-headers': 'authorization, x-homey-id' });
      const call = await http().get('/api/manager/system/ping').set('Origin', 'https://app.example').set('X-Homey-ID', hub.hub.id).expect(200);
      expect(call.headers['access-control-allow-origin']).toBe('*');
      expect(call.headers['access-control-expose-headers']).toContain('X-Homey-ID');
    });

    it('when the host name starts with the hub id, then that names the hub', async () => {
      const port = new URL(connectUrl).port;
      const res = await http().get('/api/manager/system/ping').set('Host', `${hub.hub.id}.connect.example:${port}`).expect(200);
      expect(res.headers['x-homey-id']).toBe(hub.hub.id);
    });
  });

  describe('the tunnel', () => {
    it('when a tunnel is opened without a credential of this deployment, then it is refused with 401', async () => {
      const tunnelUrl = `${connectUrl.replace('http', 'ws')}/tunnel`;
      for (const headers of [{}, { Authorization: `Bearer ${hubSecret(randomBytes(32).toString('base64url'), OFFLINE_HUB)}` }]) {
        const status = await new Promise<number>((resolve) => {
          const ws = new WebSocket(tunnelUrl, { headers });
          ws.on('unexpected-response', (_req, res) => resolve(res.statusCode!));
          ws.on('open', () => resolve(101));
          ws.on('error', () => undefined);
        });
        expect(status).toBe(401);
      }
      expect(await connect.connections.online(OFFLINE_HUB)).toBe(false);
    });

    it('when a tunnel does not answer the heartbeat, then the service drops it; one that answers stays', async () => {
      const quick = createConnectService({ ...cloud.connectAccount(), hubSecretKey: key, heartbeatMs: 100 });
      const quickUrl = (await quick.listen(0)).replace('http', 'ws');
      const open = (hubId: string, autoPong: boolean) =>
        new Promise<WebSocket>((resolve) => {
          const ws = new WebSocket(`${quickUrl}/tunnel`, { headers: { Authorization: `Bearer ${hubSecret(key, hubId)}` }, autoPong });
          ws.on('open', () => resolve(ws));
        });
      try {
        const [silent, answering] = await Promise.all([open(OFFLINE_HUB, false), open(STRANGERS_HUB, true)]);
        const closed = new Promise<void>((resolve) => silent.on('close', () => resolve()));
        await closed;
        await sleep(250);
        expect(answering.readyState).toBe(WebSocket.OPEN);
        expect(await quick.connections.online(STRANGERS_HUB)).toBe(true);
        expect(await quick.connections.online(OFFLINE_HUB)).toBe(false);
        answering.close();
      } finally {
        await quick.close();
      }
    });

    it('when the hub does not answer a call in time, then the client gets 504 homey_timeout and the tunnel stays open', async () => {
      const quick = createConnectService({ ...cloud.connectAccount(), hubSecretKey: key, callTimeoutMs: 100 });
      const quickUrl = await quick.listen(0);
      // A tunnel that takes calls and never answers them.
      const mute = await new Promise<WebSocket>((resolve) => {
        const ws = new WebSocket(`${quickUrl.replace('http', 'ws')}/tunnel`, { headers: { Authorization: `Bearer ${hubSecret(key, OFFLINE_HUB)}` } });
        ws.on('open', () => resolve(ws));
      });
      try {
        const response = await fetch(`${quickUrl}/api/manager/system/ping`, { headers: { 'X-Homey-ID': OFFLINE_HUB } });
        expect(response.status).toBe(504);
        expect(await response.json()).toMatchObject({ error: 'homey_timeout' });
        expect(mute.readyState).toBe(WebSocket.OPEN);
        expect(await quick.connections.online(OFFLINE_HUB)).toBe(true);
      } finally {
        mute.close();
        await quick.close();
      }
    });

    it('when the service goes silent (no ping), then the hub takes its tunnel for dead and opens another', async () => {
      const mute = new WebSocketServer({ port: 0, host: '127.0.0.1', autoPong: false });
      let opened = 0;
      mute.on('connection', () => opened++);
      await new Promise((resolve) => mute.once('listening', resolve));
      // It sends no calls: any answer does for them.
      const api = { listener: (_req: unknown, res: ServerResponse) => void res.writeHead(404).end(), host: new URL(hub.url).host };
      const remote = startRemoteConnect(hub.hub, { connectUrl: `http://127.0.0.1:${(mute.address() as AddressInfo).port}`, secret: 'x', localUrl: hub.url, api, silenceMs: 150 });
      try {
        await remote.connected();
        for (let i = 0; i < 60 && opened < 2; i++) await sleep(50);
        expect(opened).toBe(2);
      } finally {
        remote.stop();
        await new Promise((resolve) => mute.close(resolve));
      }
    });

    it('when the tunnel drops, then the hub is offline until it opens it again by itself', async () => {
      connect.connections.close();
      await http().get(`/homey/${hub.hub.id}/ping`).set(owner.auth).expect(404);
      for (let i = 0; i < 60 && !(await connect.connections.online(hub.hub.id)); i++) await sleep(50);
      await http().get(`/homey/${hub.hub.id}/ping`).set(owner.auth).expect(200);
    });
  });

  describe('the client library by the cloud strategy', () => {
    let homey: HubAPI;
    let api: CloudAPI;
    beforeAll(async () => {
      api = new CloudAPI({ baseUrl: cloud.url, clientId: APP.id, clientSecret: APP.secret, store: new MemoryStorageAdapter() });
      await api.authenticateWithPassword({ username: owner.email, password: PASSWORD, scopes: ['account', 'homey'] });
      const user = await api.getAuthenticatedUser();
      homey = await openHubSession(api, user.getHomeyById(hub.hub.id));
    });
    afterAll(() => homey.destroy());

    it('when a third party pings through the typed client, then true for the connected hub and a 404 error for the other', async () => {
      const connectApi = api.service('connect', connectUrl);
      await expect(connectApi.ping({ homeyId: hub.hub.id })).resolves.toBe(true);
      await expect(connectApi.ping({ homeyId: OFFLINE_HUB })).rejects.toMatchObject({ statusCode: 404 });
    });

    it('when the local address is unreachable, then it finds the hub through connect, lists devices and hears a capability change', async () => {
      const devices = await homey.devices.getDevices();
      const lamp = Object.values(devices).find((device) => device.name === 'Kitchen spots')!;
      expect(lamp).toBeDefined();
      await homey.connect();
      const heard: unknown[] = [];
      const device = await Device.get(homey, lamp.id);
      const onoff = await device.makeCapabilityInstance('onoff', (value) => heard.push(value));
      const next = !onoff.value;
      await hub.http().put(`/api/manager/devices/device/${lamp.id}/capability/onoff`).set('Authorization', `Bearer ${hub.token}`).send({ value: next }).expect((res) => expect(res.status).toBeLessThan(300));
      for (let i = 0; i < 200 && !heard.length; i++) await sleep(10);
      expect(heard).toEqual([next]);
      // A call over the relayed socket reaches the hub too.
      await onoff.setValue(!next);
      expect((await hub.http().get(`/api/manager/devices/device/${lamp.id}`).set('Authorization', `Bearer ${hub.token}`)).body.capabilitiesObj.onoff.value).toBe(!next);
      onoff.destroy();
    });
  });
});
