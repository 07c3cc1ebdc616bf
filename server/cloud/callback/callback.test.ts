import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { CloudAPI } from '../../../client/cloud/cloud-api.js';
import { FakeClock } from '../../http/clock.js';
import { freshDatabase } from '../account/testing/postgres.js';
import type { Delivery, HubDelivery } from '../outbound/hub-delivery.js';
import { hubSecret } from '../callers/hub-secret.js';
import { MAX_OPEN_PER_HUB, REGISTRATION_TTL_MS } from './callbacks.js';
import { createCallbackService, type CallbackService } from './service.js';

const KEY = 'callback-test-key';
const HUB = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const BUSY_HUB = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const PROVIDER = 'https://provider.example/oauth2/authorize?client_id=weather&response_type=code';

/**
 * The service with the hubs behind the connect service as the one thing outside it: a delivery that records what
 * reaches a hub and answers as the hub would (204, or 404 for a sign-in it no longer waits for), or finds it offline.
 * The whole way through a real connect service and hub is connect.test.ts's.
 */
describe('cloud OAuth2 callback service', () => {
  const clock = new FakeClock(Date.parse('2026-11-26T06:00:00.000Z'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'callback-test-'));
  const delivered: Array<{ hubId: string; operationId: string; args: Record<string, unknown> }> = [];
  let hubAnswer: Delivery = { delivered: true, status: 204, body: null };
  const delivery: HubDelivery = {
    async deliver(hubId, _manager, operationId, args) {
      if (hubAnswer.delivered) delivered.push({ hubId, operationId, args });
      return hubAnswer;
    },
  };
  let service: CallbackService;
  let url: string;
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  const register = (hubId = HUB, callback_url = PROVIDER) => request(url).post('/oauth2').set('Authorization', `Bearer ${hubSecret(KEY, hubId)}`).send({ callback_url });
  const land = (query: Record<string, string>) => request(url).get('/oauth2/callback').query(query);
  const stateOf = (registered: { url: string }) => new URL(registered.url).searchParams.get('state')!;

  beforeAll(async () => {
    database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
    service = await createCallbackService({ dataDir, databaseUrl: database?.url, hubSecretKey: KEY, delivery, clock, validateResponses: true, development: true });
    url = await service.listen(0);
  });
  afterAll(async () => {
    await service.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    delivered.length = 0;
    hubAnswer = { delivered: true, status: 204, body: null };
  });

  it("when a hub registers a provider's URL, then it gets that URL with a state and this service's redirect URI, and its own token", async () => {
    const { body } = await register().expect(200);
    const opened = new URL(body.url);
    expect(opened.origin + opened.pathname).toBe('https://provider.example/oauth2/authorize');
    expect(Object.fromEntries(opened.searchParams)).toEqual({ client_id: 'weather', response_type: 'code', redirect_uri: `${url}/oauth2/callback`, state: expect.stringMatching(/^[\w-]{22}$/) });
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.token).not.toBe(stateOf(body));
    expect(body.expiresAt).toBe(new Date(clock.now() + REGISTRATION_TTL_MS).toISOString());
    const own = await register(HUB, `${PROVIDER}&redirect_uri=${encodeURIComponent('https://my.example/cb')}`).expect(200);
    expect(new URL(own.body.url).searchParams.get('redirect_uri')).toBe('https://my.example/cb');
  });

  it('when the provider sends the browser back with a code, then the hub gets it under its token, once, and the page says so', async () => {
    const { body } = await register().expect(200);
    const page = await land({ state: stateOf(body), code: 'the-code', session_state: 'extra' }).expect(200).expect('Content-Type', /text\/html/);
    expect(page.text).toContain('You are signed in');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(delivered).toEqual([{ hubId: HUB, operationId: 'receiveOAuth2Callback', args: { token: body.token, code: 'the-code' } }]);
    expect((await land({ state: stateOf(body), code: 'again' }).expect(404)).text).toContain('unknown, used or expired');
    expect(delivered).toHaveLength(1);
  });

  it('when the hub cannot be reached, then the page says so and the same link works once it is back', async () => {
    const { body } = await register().expect(200);
    hubAnswer = { delivered: false, reason: 'offline' };
    expect((await land({ state: stateOf(body), code: 'c1' }).expect(404)).text).toContain('cannot be reached');
    hubAnswer = { delivered: true, status: 204, body: null };
    await land({ state: stateOf(body), code: 'c1' }).expect(200);
    expect(delivered).toEqual([{ hubId: HUB, operationId: 'receiveOAuth2Callback', args: { token: body.token, code: 'c1' } }]);
  });

  it.each([
    ['the provider answered an error (the user declined)', 400, 'The user declined', (state: string) => ({ state, error: 'access_denied', error_description: 'The user declined' })],
    ['neither a code nor an error', 400, 'neither a code nor an error', (state: string) => ({ state })],
    ['no state', 400, 'not a sign-in link', () => ({ code: 'c' })],
    ['a state nobody registered', 404, 'unknown, used or expired', () => ({ state: 'nobody-registered-this', code: 'c' })],
  ])('when the redirect carries %s, then a %i page and nothing reaches the hub', async (_case, status, text, query) => {
    const { body } = await register().expect(200);
    expect((await land(query(stateOf(body))).expect(status).expect('Content-Type', /text\/html/)).text).toContain(text);
    expect(delivered).toEqual([]);
  });

  it('when the provider answered an error, then the link is spent; when the app no longer waits, then a 404 page', async () => {
    const declined = (await register().expect(200)).body;
    await land({ state: stateOf(declined), error: 'access_denied' }).expect(400);
    await land({ state: stateOf(declined), code: 'late' }).expect(404);
    const forgotten = (await register().expect(200)).body;
    hubAnswer = { delivered: true, status: 404, body: { error: 'not_found' } };
    expect((await land({ state: stateOf(forgotten), code: 'c' }).expect(404)).text).toContain('no longer waits');
  });

  it('when an hour has passed, then the link has expired', async () => {
    const { body } = await register().expect(200);
    clock.advance(REGISTRATION_TTL_MS + 1);
    await land({ state: stateOf(body), code: 'c' }).expect(404);
    expect(delivered).toEqual([]);
  });

  it.each([
    ['no credential', 401, () => request(url).post('/oauth2').send({ callback_url: PROVIDER })],
    ['a credential this deployment did not issue', 401, () => request(url).post('/oauth2').set('Authorization', `Bearer ${hubSecret('other-key', HUB)}`).send({ callback_url: PROVIDER })],
    ['a URL that is not http(s)', 400, () => register(HUB, 'ftp://provider.example/authorize')],
    ['no callback_url', 400, () => request(url).post('/oauth2').set('Authorization', `Bearer ${hubSecret(KEY, HUB)}`).send({})],
    ['a field it does not know', 400, () => request(url).post('/oauth2').set('Authorization', `Bearer ${hubSecret(KEY, HUB)}`).send({ callback_url: PROVIDER, hub: HUB })],
  ])('when registering with %s, then %i', async (_case, status, call) => {
    expect((await call().expect(status)).body).toMatchObject({ statusCode: status });
  });

  it('when a hub registers through the typed client with its credential, then it gets the registration; a wrong one is a 401 error', async () => {
    const cloud = new CloudAPI({ baseUrl: url, clientId: 'hub' });
    const registration = await cloud.credentialService('callback', url, hubSecret(KEY, HUB)).registerCallbackUrl({ callback_url: PROVIDER });
    expect(registration).toEqual({ url: expect.stringContaining('state='), token: expect.any(String), expiresAt: expect.any(String) });
    const forged = hubSecret('other-key', HUB);
    const error = await cloud.credentialService('callback', url, forged).registerCallbackUrl({ callback_url: PROVIDER }).catch((caught: Error) => caught);
    expect(error).toMatchObject({ statusCode: 401 });
    expect(JSON.stringify(error) + String(error)).not.toContain(forged);
  });

  it(`when a hub holds ${MAX_OPEN_PER_HUB} unfinished sign-ins, then the next is 429 until one is used`, async () => {
    const open = [];
    for (let i = 0; i < MAX_OPEN_PER_HUB; i++) open.push((await register(BUSY_HUB).expect(200)).body);
    expect((await register(BUSY_HUB).expect(429)).body).toMatchObject({ error: 'too_many_requests' });
    await land({ state: stateOf(open[0]), code: 'c' }).expect(200);
    await register(BUSY_HUB).expect(200);
  });
});
