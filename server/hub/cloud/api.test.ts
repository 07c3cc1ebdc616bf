import { onCloudWebhook, onWebhook, type CloudWebhookCall, type WebhookCall } from '../logic/webhooks.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { awaitOAuth2Code, FLOW_WEBHOOKS_OWNER, registerWebhook, unregisterWebhook } from './cloud.js';

describe('cloud manager', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);

  beforeAll(async () => {
    hub = await startTestHub({ cloudSharedSecret: 'shared' });
  });
  afterAll(() => hub.stop());

  it('when reading the state, then it tells that the account service is configured, the cloud id and the webhooks', async () => {
    registerWebhook(hub.hub, { id: 'doorbell-cloud', name: 'Doorbell service', ownerUri: 'homey:app:com.example.doorbell' });
    const { body } = await hub.http().get('/api/manager/cloud/state').set(auth()).expect(200);
    expect(body).toEqual({
      configured: true,
      cloudId: hub.hub.id,
      sharedSecretConfigured: true,
      webhooks: { 'doorbell-cloud': { id: 'doorbell-cloud', name: 'Doorbell service', ownerUri: 'homey:app:com.example.doorbell' } },
    });
    unregisterWebhook(hub.hub, 'doorbell-cloud');
  });

  it('when the hub has no cloud key, then the state says it is not configured', async () => {
    const bare = await startTestHub({ cloudPublicKey: undefined });
    try {
      const { body } = await bare.http().get('/api/manager/cloud/state').set(bearer(bare.token)).expect(200);
      expect(body).toMatchObject({ configured: false, sharedSecretConfigured: false, webhooks: {} });
    } finally {
      await bare.stop();
    }
  });

  it('when a registered webhook is called back, then its owner hears the args without any token; an unknown one is 404', async () => {
    registerWebhook(hub.hub, { id: 'hook-1', name: 'Test hook', ownerUri: 'homey:manager:flow' });
    const heard: CloudWebhookCall[] = [];
    const stop = onCloudWebhook(hub.hub, (call) => heard.push(call));
    await hub.http().post('/api/manager/cloud/webhook/hook-1/callback').send({ args: { body: { button: 'front' } } }).expect(204);
    await hub.http().post('/api/manager/cloud/webhook/hook-1/callback').send({}).expect(204);
    const missing = await hub.http().post('/api/manager/cloud/webhook/hook-2/callback').send({ args: {} }).expect(404);
    expect(missing.body).toMatchObject({ error: 'not_found', error_description: 'Webhook not found' });
    await hub.http().post('/api/manager/cloud/webhook/constructor/callback').send({}).expect(404);
    stop();
    expect(heard).toEqual([{ id: 'hook-1', args: { body: { button: 'front' } } }, { id: 'hook-1', args: {} }]);
  });

  it("when the logic manager's webhook is called back, then the flows hear its event with the tag of the call's query", async () => {
    registerWebhook(hub.hub, { id: 'hook-logic', name: 'Flow webhooks', ownerUri: FLOW_WEBHOOKS_OWNER });
    const heard: WebhookCall[] = [];
    const stop = onWebhook(hub.hub, (call) => heard.push(call));
    const call = (args: object) => hub.http().post('/api/manager/cloud/webhook/hook-logic/callback').send({ args }).expect(204);
    await call({ event: 'doorbell', headers: {}, query: { tag: 'front door' }, body: {} });
    await call({ event: 'doorbell', headers: {}, query: {}, body: { tag: 'not a query' } });
    stop();
    unregisterWebhook(hub.hub, 'hook-logic');
    expect(heard).toEqual([{ event: 'doorbell', tag: 'front door' }, { event: 'doorbell', tag: '' }]);
  });

  it('when a webhook callback carries args that are not an object, then 400', async () => {
    await hub.http().post('/api/manager/cloud/webhook/hook-1/callback').send({ args: 'ring' }).expect(400);
  });

  it('when the OAuth2 callback names a waiting sign-in, then it gets the code once; otherwise 404', async () => {
    const codes: string[] = [];
    awaitOAuth2Code(hub.hub, 'com.example.weather', 'tok-1', (code) => codes.push(code));
    const post = (app: string, body: object) => hub.http().post(`/api/manager/cloud/oauth2-callback?app=${app}`).send(body);
    await post('com.example.other', { token: 'tok-1', code: 'abc' }).expect(404);
    await post('com.example.weather', { token: 'tok-1', code: 'abc' }).expect(204);
    await post('com.example.weather', { token: 'tok-1', code: 'again' }).expect(404);
    expect(codes).toEqual(['abc']);
  });

  it('when the OAuth2 callback names no app (as the connect service relays it), then the token alone finds the sign-in', async () => {
    const codes: string[] = [];
    const cancel = awaitOAuth2Code(hub.hub, 'com.example.weather', 'tok-2', (code) => codes.push(code));
    await hub.http().post('/api/manager/cloud/oauth2-callback').send({ token: 'tok-2', code: 'xyz' }).expect(204);
    awaitOAuth2Code(hub.hub, 'com.example.weather', 'tok-3', (code) => codes.push(code))();
    await hub.http().post('/api/manager/cloud/oauth2-callback').send({ token: 'tok-3', code: 'late' }).expect(404);
    cancel();
    expect(codes).toEqual(['xyz']);
  });

  it('when the OAuth2 callback lacks the token or the code, then 400', async () => {
    await hub.http().post('/api/manager/cloud/oauth2-callback?app=a').send({ code: 'c' }).expect(400);
    await hub.http().post('/api/manager/cloud/oauth2-callback?app=a').send({ token: 't' }).expect(400);
  });

  it('when the caller lacks homey.system.readonly, then the state is 403', async () => {
    await hub.http().get('/api/manager/cloud/state').set(bearer(hub.tokenWith(['homey.zone.readonly']))).expect(403);
  });
});
