import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startTestAccount, type TestAccount } from '../../cloud/account/testing/test-account.js';
import { completeBackups } from '../../cloud/backup/backups.js';
import { createBackupService, type BackupService } from '../../cloud/backup/service.js';
import { createSetupService, type SetupService } from '../../cloud/setup/service.js';
import { ownerOf } from '../users/users.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { EXTRA_PROPERTIES } from './reset.js';

const SN = 'HP2023A0012345';
const NEW_SN = 'HP2026A0004321';
const SETUP_SESSION = '/api/manager/system/setup-session';

describe("the hub's setup process, end to end with the cloud setup service", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hub-setup-'));
  let account: TestAccount;
  let setup: SetupService;
  let backups: BackupService;
  let setupUrl: string;
  let hub: TestHub;
  /** A new hub: no owner, no demo home, its serial number configured. */
  let fresh: TestHub;
  beforeAll(async () => {
    account = await startTestAccount();
    backups = await createBackupService({ dataDir, accountKey: account.account.keys.publicPem, ownerOf: async () => null });
    setup = await createSetupService({ dataDir, accountKey: account.account.keys.publicPem, backupsOf: (userId) => completeBackups(backups.db, userId) });
    setupUrl = await setup.listen(0);
    [hub, fresh] = await Promise.all([startTestHub(), startTestHub({ demoHome: false, serialNumber: NEW_SN })]);
  });
  afterAll(async () => {
    await Promise.all([hub.stop(), fresh.stop()]);
    await setup.close();
    await backups.close();
    await account.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The app's side: a session opened by a new user of the cloud, and the hub joined to it. */
  async function joined() {
    const user = await account.user('setup');
    const { body: session } = await request(setupUrl).post('/').set(user.auth).send({ sn: SN }).expect(200);
    const run = hub.joinSetup({ setupUrl, sessionId: session.id, hubToken: session.hubToken, sn: SN }, { pollMs: 20 });
    for (let state = 'created'; state === 'created'; await new Promise((resolve) => setTimeout(resolve, 20))) {
      state = (await request(setupUrl).get(`/${session.id}/state`).set(user.auth).expect(200)).body.state;
    }
    const app = (method: 'get' | 'post', path: string, body?: object) => request(setupUrl)[method](`/${session.id}${path}`).set(user.auth).send(body);
    return { user, session, run, app };
  }
  const zoneCount = async (token: string) => Object.keys((await hub.http().get('/api/manager/zones/zone').set({ Authorization: `Bearer ${token}` }).expect(200)).body).length;

  it('when the app names the hub, sends a command it lacks, a reset with a forged token and then a factory reset with a name, its token and extra properties, then the hub carries each out, answers, and is ready with its new owner', async () => {
    const { user, run, app } = await joined();
    const oldToken = hub.token;
    const zonesBefore = await zoneCount(oldToken);
    const parent = Object.keys((await hub.http().get('/api/manager/zones/zone').set({ Authorization: `Bearer ${oldToken}` })).body)[0];
    await hub.http().post('/api/manager/zones/zone').set({ Authorization: `Bearer ${oldToken}` }).send({ name: 'Cellar', icon: 'cellar', parent }).expect(200);
    await app('post', '/command', { manager: 'system', command: 'setSystemName', args: { name: 'Canal house' } }).expect(200);
    await app('post', '/command', { manager: 'system', command: 'noSuchThing', args: {} }).expect(200);
    await app('post', '/reset', { factoryreset: true, token: `${'x'.repeat(20)}.forged.token` }).expect(200);
    const delegation = await hub.cloudToken({ sub: user.id, name: 'Test' }, { audience: 'homey' });
    await app('post', '/reset', { factoryreset: true, name: 'Cabin', token: delegation, extraProperties: { floor: 2 } }).expect(200);

    expect(await run.done).toEqual({ state: 'ready' });
    const { body } = await app('get', '').expect(200);
    expect(body.state).toBe('ready');
    expect(body.commands.map(({ command, state, result }: { command: string; state: string; result: unknown[] }) => [command, state, result[0] === null ? null : (result[0] as { statusCode: number }).statusCode])).toEqual([
      ['setSystemName', 'done', null],
      ['noSuchThing', 'failed', 404],
      ['reset', 'failed', 401],
      ['reset', 'done', null],
    ]);
    expect(body.commands[3].result[1]).toEqual({ factoryreset: true, name: 'Cabin', owner: user.id, extraProperties: { floor: 2 } });
    // The forged reset erased nothing; the factory reset did: the old tokens are gone, the demo home is new.
    expect(body.commands[2].result[0].error).toBe('invalid_token');
    await hub.http().get('/api/manager/zones/zone').set({ Authorization: `Bearer ${oldToken}` }).expect(401);
    expect(hub.hub.system.name).toBe('Cabin');
    expect(ownerOf(hub.hub)).toMatchObject({ athomId: user.id, isOwner: true });
    expect(hub.hub.settings.get(EXTRA_PROPERTIES)).toEqual({ floor: 2 });
    // The new owner signs in with the cloud and finds the fresh home.
    const { body: session } = await hub.http().post('/api/manager/users/login').send({ token: delegation }).expect(200);
    expect(await zoneCount(session)).toBe(zonesBefore);
    // End to end through three servers and a factory reset: more than a unit test's time on a busy machine.
  }, 60_000);

  it('when a reset carries a wrong argument or its session is deleted, then the hub answers 400 and then stops', async () => {
    const { run, app, user, session } = await joined();
    await app('post', '/command', { manager: 'setup', command: 'reset', args: { name: '', colour: 'red' } }).expect(200);
    let commands: Array<{ state: string; result: Array<{ statusCode: number; error_description: string }> }> = [];
    for (let tries = 0; tries < 100 && commands[0]?.state !== 'failed'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      commands = (await app('get', '').expect(200)).body.commands;
    }
    expect(commands[0]!.result[0]).toMatchObject({ statusCode: 400, error_description: expect.stringContaining('colour') });
    await request(setupUrl).delete(`/${session.id}`).set(user.auth).expect(204);
    expect(await run.done).toEqual({ state: 'gone' });
  });

  describe('a new hub handed its session over the local network (joinSetupSession, getSetupSession)', () => {
    let user: Awaited<ReturnType<TestAccount['user']>>;
    beforeAll(async () => {
      user = await account.user('setup');
    });

    /** The app's side: a session its user opened for `sn`. */
    async function opened(sn = NEW_SN) {
      const { body: session } = await request(setupUrl).post('/').set(user.auth).send({ sn }).expect(200);
      const app = (method: 'get' | 'post', path: string, body?: object) => request(setupUrl)[method](`/${session.id}${path}`).set(user.auth).send(body);
      return { session, app };
    }
    const progress = async () => (await fresh.http().get(SETUP_SESSION).expect(200)).body;
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
      const { body: error } = await fresh.http().post(SETUP_SESSION).send(body()).expect(status);
      expect(error).toMatchObject({ statusCode: status, error_description: expect.stringContaining(words) });
      expect(error.error_description).not.toContain('setup.x');
      expect((await progress()).state).not.toMatch(/joining|connected/);
    });

    it('when a session opened for another serial number is handed over, then the hub answers 409', async () => {
      const { session } = await opened('HP2026A0009999');
      const { body } = await fresh.http().post(SETUP_SESSION).send({ setupUrl, sessionId: session.id, hubToken: session.hubToken }).expect(409);
      expect(body.error_description).toContain(NEW_SN);
    });

    it('when the app hands the unset hub its session and sends a login, a name, a language and the reset, then the hub joins at once, takes one session at a time, carries them out as its new owner, is ready, and refuses another session', async () => {
      expect(await progress()).toMatchObject({ sn: NEW_SN });
      fresh.hub.config.setupUrl = setupUrl;
      // A hub that knows its setup service calls no other address a page on the network names.
      const elsewhere = await fresh.http().post(SETUP_SESSION).send({ setupUrl: 'http://127.0.0.1:9/setup', sessionId: 'abc', hubToken: 'setup.x' }).expect(400);
      expect(elsewhere.body.error_description).toContain('its own setup service only');
      const { session, app } = await opened();
      const { body: joined } = await fresh.http().post(SETUP_SESSION).send({ sessionId: session.id, hubToken: session.hubToken }).expect(200);
      expect(joined).toEqual({ state: 'connected', sn: NEW_SN, setupUrl, sessionId: session.id, failure: null });
      expect((await app('get', '/state').expect(200)).body.state).toBe('connected');
      const other = await opened();
      await fresh.http().post(SETUP_SESSION).send({ sessionId: other.session.id, hubToken: other.session.hubToken }).expect(409);

      const delegation = await fresh.cloudToken({ sub: user.id, name: 'Phone app', given_name: 'Ann', family_name: 'de Vries' }, { audience: 'homey' });
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
      const { body: refused } = await fresh.http().post(SETUP_SESSION).send({ sessionId: other.session.id, hubToken: other.session.hubToken }).expect(403);
      expect(refused.error_description).toContain('has an owner');

      const { body: token } = await fresh.http().post('/api/manager/users/login').send({ token: delegation }).expect(200);
      expect((await fresh.http().get('/api/manager/users/user/me').set(bearer(token)).expect(200)).body).toMatchObject({ athomId: user.id, isOwner: true, name: 'Ann de Vries' });
      expect((await fresh.http().get('/api/manager/system/name').set(bearer(token)).expect(200)).body).toBe('Canal house');
      expect((await fresh.http().get('/api/manager/i18n/option/language').set(bearer(token)).expect(200)).body).toMatchObject({ value: 'nl' });
    });
  });
});
