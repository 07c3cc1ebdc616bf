import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startTestAccount, type TestAccount } from '../../cloud/account/testing/test-account.js';
import { createSetupService, type SetupService } from '../../cloud/setup/service.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const SN = 'HP2026A0004321';
const SETUP_SESSION = '/api/manager/system/setup-session';

describe('a new hub handed its setup session over the local network (joinSetupSession, getSetupSession)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hub-hand-over-'));
  let account: TestAccount;
  let setup: SetupService;
  let setupUrl: string;
  let hub: TestHub;
  let user: Awaited<ReturnType<TestAccount['user']>>;
  beforeAll(async () => {
    account = await startTestAccount();
    setup = await createSetupService({ dataDir, accountUrl: account.url });
    setupUrl = await setup.listen(0);
    hub = await startTestHub({ demoHome: false, serialNumber: SN });
    user = await account.user();
  });
  afterAll(async () => {
    await hub.stop();
    await setup.close();
    await account.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The app's side: a session its user opened for `sn`. */
  async function opened(sn = SN) {
    const { body: session } = await request(setupUrl).post('/').set(user.auth).send({ sn }).expect(200);
    const app = (method: 'get' | 'post', path: string, body?: object) => request(setupUrl)[method](`/${session.id}${path}`).set(user.auth).send(body);
    return { session, app };
  }
  const progress = async () => (await hub.http().get(SETUP_SESSION).expect(200)).body;
  async function until(state: string) {
    for (let tries = 0; tries < 200 && (await progress()).state !== state; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    return progress();
  }

  it.each([
    ['no hub token', 400, () => ({ sessionId: 'abc' }), 'hubToken'],
    ['a setup URL that is not http', 400, () => ({ setupUrl: 'ftp://example.com/setup', sessionId: 'abc', hubToken: 'setup.x' }), 'setupUrl'],
    ['a session id with a slash', 400, () => ({ setupUrl, sessionId: '../oauth2', hubToken: 'setup.x' }), 'sessionId'],
    ['no setup URL, and none configured', 400, () => ({ sessionId: 'abc', hubToken: 'setup.x' }), 'no setup service configured'],
    ['a session the service does not know', 400, () => ({ setupUrl, sessionId: 'nosuchsession', hubToken: 'setup.x' }), 'knows no such session'],
    ['a setup service that does not answer', 502, () => ({ setupUrl: 'http://127.0.0.1:9/setup', sessionId: 'abc', hubToken: 'setup.x' }), 'cannot be reached'],
  ])('when an unset hub is handed %s, then it answers %i saying so and stays unset', async (_case, status, body, words) => {
    const { body: error } = await hub.http().post(SETUP_SESSION).send(body()).expect(status);
    expect(error).toMatchObject({ statusCode: status, error_description: expect.stringContaining(words) });
    expect(error.error_description).not.toContain('setup.x');
    expect((await progress()).state).not.toMatch(/joining|connected/);
  });

  it('when a session opened for another serial number is handed over, then the hub answers 409', async () => {
    const { session } = await opened('HP2026A0009999');
    const { body } = await hub.http().post(SETUP_SESSION).send({ setupUrl, sessionId: session.id, hubToken: session.hubToken }).expect(409);
    expect(body.error_description).toContain(SN);
  });

  it('when the app hands the unset hub its session and sends a login, a name, a language and the reset, then the hub joins at once, takes one session at a time, carries them out as its new owner, is ready, and refuses another session', async () => {
    expect(await progress()).toMatchObject({ sn: SN });
    hub.hub.config.setupUrl = setupUrl;
    const { session, app } = await opened();
    const { body: joined } = await hub.http().post(SETUP_SESSION).send({ sessionId: session.id, hubToken: session.hubToken }).expect(200);
    expect(joined).toEqual({ state: 'connected', sn: SN, setupUrl, sessionId: session.id, failure: null });
    expect((await app('get', '/state').expect(200)).body.state).toBe('connected');
    const other = await opened();
    await hub.http().post(SETUP_SESSION).send({ sessionId: other.session.id, hubToken: other.session.hubToken }).expect(409);

    const delegation = await hub.cloudToken({ sub: user.id, name: 'Phone app', given_name: 'Ann', family_name: 'de Vries' }, { audience: 'homey' });
    await app('post', '/login-token', { token: delegation }).expect(200);
    await app('post', '/command', { manager: 'system', command: 'setSystemName', args: { name: 'Canal house' } }).expect(200);
    await app('post', '/command', { manager: 'i18n', command: 'setOptionLanguage', args: { value: 'nl' } }).expect(200);
    await app('post', '/reset', { factoryreset: false, extraProperties: { timezone: 'Europe/Amsterdam' } }).expect(200);

    expect(await until('ready')).toMatchObject({ state: 'ready', sessionId: session.id });
    const { body: done } = await app('get', '').expect(200);
    expect(done.commands.map(({ command, state }: { command: string; state: string }) => [command, state])).toEqual([
      ['login', 'done'],
      ['setSystemName', 'done'],
      ['setOptionLanguage', 'done'],
      ['reset', 'done'],
    ]);
    const { body: refused } = await hub.http().post(SETUP_SESSION).send({ sessionId: other.session.id, hubToken: other.session.hubToken }).expect(403);
    expect(refused.error_description).toContain('has an owner');

    const { body: token } = await hub.http().post('/api/manager/users/login').send({ token: delegation }).expect(200);
    expect((await hub.http().get('/api/manager/users/user/me').set(bearer(token)).expect(200)).body).toMatchObject({ athomId: user.id, isOwner: true, name: 'Ann de Vries' });
    expect((await hub.http().get('/api/manager/system/name').set(bearer(token)).expect(200)).body).toBe('Canal house');
    expect((await hub.http().get('/api/manager/i18n/option/language').set(bearer(token)).expect(200)).body).toMatchObject({ value: 'nl' });
  });
});
