import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { HubAPI } from '../../../client/hub/hub-api.js';
import { FakeClock } from '../../http/clock.js';
import { DEMO_OWNER_ATHOM_ID } from '../../hub/demo/home.js';
import { startTestHub, type TestHub } from '../../hub/testing/test-hub.js';
import { freshDatabase } from '../account/testing/postgres.js';
import { startTestAccount, type TestAccount } from '../account/testing/test-account.js';
import { completeBackups } from '../backup/backups.js';
import { createBackupService, type BackupService } from '../backup/service.js';
import { createSetupService, type SetupService } from './service.js';
import { SESSION_TTL_MS } from './sessions.js';

const SN = 'HP2023A0012345';

/**
 * The hub's side of a session, as its setup process runs it: it joins with its serial number, carries out each
 * pending command as a call of its own API and answers `[error, value]`, and says it is ready when told no more.
 */
async function hubSide(setupUrl: string, sessionId: string, hubToken: string, hub: HubAPI) {
  const auth = { Authorization: `Bearer ${hubToken}` };
  return {
    join: () => request(setupUrl).put(`/${sessionId}/state`).set(auth).send({ state: 'connected', sn: SN }).expect(200),
    async carryOut() {
      const commands = (await request(setupUrl).get(`/${sessionId}/command`).set(auth).expect(200)).body as Array<{ id: string; manager: string; command: string; args: object; state: string }>;
      for (const { id, manager, command, args } of commands.filter((pending) => pending.state === 'pending')) {
        const method = (hub as unknown as Record<string, Record<string, ((args: object) => Promise<unknown>) | undefined> | undefined>)[manager]?.[command];
        const result = method ? await method(args).then((value) => [null, value ?? null], (error: Error) => [error.message]) : [`No operation ${manager}.${command}`];
        await request(setupUrl).put(`/${sessionId}/command/${id}`).set(auth).send({ result }).expect(200);
      }
    },
    ready: () => request(setupUrl).put(`/${sessionId}/state`).set(auth).send({ state: 'ready' }).expect(200),
  };
}

describe('cloud setup service', () => {
  let account: TestAccount;
  let setup: SetupService;
  let backups: BackupService;
  let hub: TestHub;
  let url: string;
  const clock = new FakeClock(Date.parse('2026-11-23T12:00:00Z'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'setup-test-'));
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;

  beforeAll(async () => {
    account = await startTestAccount();
    database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
    backups = await createBackupService({ dataDir, accountKey: account.account.keys.publicPem, ownerOf: async () => null });
    setup = await createSetupService({ dataDir, databaseUrl: database?.url, accountKey: account.account.keys.publicPem, clock, validateResponses: true, development: true, backupsOf: (userId) => completeBackups(backups.db, userId) });
    url = await setup.listen(0);
    hub = await startTestHub();
  });
  afterAll(async () => {
    await hub.stop();
    await setup.close();
    await backups.close();
    await account.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const open = async (sn?: string) => {
    const user = await account.user('setup');
    const { body } = await request(url).post('/').set(user.auth).send(sn ? { sn } : {}).expect(200);
    return { user, session: body as { id: string; hubToken: string }, hub: { Authorization: `Bearer ${body.hubToken}` } };
  };

  it('when an app sets a hub up through a session, then the hub joins, carries out its commands with results, is named and logs its owner in, and is ready', async () => {
    const { user, session } = await open(SN);
    expect(session).toMatchObject({ sn: SN, state: 'created', commands: [] });
    const client = await HubAPI.connect({ address: hub.url, token: hub.token });
    const side = await hubSide(url, session.id, session.hubToken, client);

    await side.join();
    await request(url).put(`/${session.id}`).set(user.auth).send({ name: 'Canal house', language: 'nl', timezone: 'Europe/Amsterdam' }).expect(200);
    await request(url).post(`/${session.id}/command`).set(user.auth).send({ manager: 'system', command: 'setSystemName', args: { name: 'Canal house' } }).expect(200);
    const delegation = await hub.cloudToken({ sub: DEMO_OWNER_ATHOM_ID }, { audience: 'homey' });
    await request(url).post(`/${session.id}/login-token`).set(user.auth).send({ token: delegation }).expect(200);
    await request(url).post(`/${session.id}/command`).set(user.auth).send({ manager: 'system', command: 'noSuchThing' }).expect(200);
    expect((await request(url).get(`/${session.id}/state`).set(user.auth).expect(200)).body.state).toBe('configuring');

    await side.carryOut();
    await side.ready();

    const { body } = await request(url).get(`/${session.id}`).set(user.auth).expect(200);
    expect(body).toMatchObject({ state: 'ready', sn: SN, name: 'Canal house', language: 'nl', timezone: 'Europe/Amsterdam' });
    expect(body.commands.map((command: { command: string; state: string }) => [command.command, command.state])).toEqual([
      ['setSystemName', 'done'],
      ['login', 'done'],
      ['noSuchThing', 'failed'],
    ]);
    // The hub's login answered a session token of the hub for the owner, which works there.
    const hubSession = body.commands[1].result[1];
    expect((await hub.http().get('/api/manager/system/name').set({ Authorization: `Bearer ${hubSession}` }).expect(200)).body).toBe('Canal house');
    // Final: no more commands, no other state.
    await request(url).post(`/${session.id}/command`).set(user.auth).send({ manager: 'system', command: 'reboot' }).expect(409);
    await request(url).put(`/${session.id}/state`).set({ Authorization: `Bearer ${session.hubToken}` }).send({ state: 'failed', failure: 'late' }).expect(409);
  });

  it('when the hub fails, then the session is failed with its reason; a hub with another serial number cannot join', async () => {
    const { user, session, hub: hubAuth } = await open(SN);
    expect((await request(url).put(`/${session.id}/state`).set(hubAuth).send({ state: 'connected', sn: 'HP2023B0099999' }).expect(409)).body.error_description).toContain(SN);
    await request(url).post(`/${session.id}/command`).set(user.auth).send({ manager: 'system', command: 'setSystemName', args: {} }).expect(409);
    await request(url).put(`/${session.id}/state`).set(hubAuth).send({ state: 'failed', failure: 'No network' }).expect(200);
    expect((await request(url).get(`/${session.id}/state`).set(user.auth).expect(200)).body).toMatchObject({ state: 'failed', failure: 'No network' });
  });

  it('when a connected hub is reset through the session, then it gets the setup.reset command with the arguments', async () => {
    const { user, session, hub: hubAuth } = await open();
    await request(url).put(`/${session.id}/state`).set(hubAuth).send({ state: 'connected', sn: SN }).expect(200);
    const { body } = await request(url).post(`/${session.id}/reset`).set(user.auth).send({ factoryreset: true, name: 'Cabin', extraProperties: { floor: 2 } }).expect(200);
    expect(body).toMatchObject({ manager: 'setup', command: 'reset', args: { factoryreset: true, name: 'Cabin', extraProperties: { floor: 2 } }, state: 'pending' });
    expect((await request(url).get(`/${session.id}/command`).set(hubAuth).expect(200)).body.map((command: { id: string }) => command.id)).toEqual([body.id]);
    await request(url).put(`/${session.id}/command/${body.id}`).set(hubAuth).send({ result: [null] }).expect(200);
    await request(url).put(`/${session.id}/command/${body.id}`).set(hubAuth).send({ result: [null] }).expect(409);
    expect((await request(url).get(`/${session.id}`).set(user.auth).expect(200)).body.sn).toBe(SN);
  });

  it("when the voice, backups and time zone are asked, then the language's voice, the user's own complete backups and the address's zone come", async () => {
    const { user, session } = await open();
    const stranger = await account.user();
    const row = (id: string, userId: string, state: 'uploading' | 'complete') => ({
      id, user_id: userId, homey_id: 'a'.repeat(24), homey_name: 'Home', homey_platform: 'local', homey_platform_version: 2, homey_model: 'homey-pro', version: '12.0.0', channel: 'stable',
      state, size: 1, hash: '0'.repeat(64), uploaded_size: 1, uploaded_hash: '0'.repeat(64), meta: '{}', created_at: '2026-11-23T02:00:00.000Z', completed_at: state === 'complete' ? '2026-11-23T02:00:09.000Z' : null,
    });
    await backups.db.insertInto('backups').values([row('A'.repeat(22), user.id, 'complete'), row('B'.repeat(22), user.id, 'uploading'), row('C'.repeat(22), stranger.id, 'complete')]).execute();
    expect((await request(url).get(`/${session.id}/voice`).query({ language: 'nl' }).set(user.auth).expect(200)).body).toMatchObject({ language: 'nl', voice: 'nl', phrases: { welcome: 'Hallo! Ik ben je nieuwe hub.' } });
    await request(url).get(`/${session.id}/voice`).query({ language: 'xx' }).set(user.auth).expect(404);
    expect((await request(url).get(`/${session.id}/backup`).set(user.auth).expect(200)).body).toMatchObject([{ _id: 'A'.repeat(22), userId: user.id, state: 'complete' }]);
    expect((await request(url).get('/timezone').query({ ip: '198.51.100.23' }).expect(200)).body).toEqual({ timezone: 'Europe/Amsterdam' });
    expect((await request(url).get('/timezone').query({ ip: '2001:db8:1::1' }).expect(200)).body).toEqual({ timezone: 'Europe/Oslo' });
    await request(url).get('/timezone').expect(404);
  });

  it.each([
    ['a serial number that is not one', 'post', '/', { sn: 'hp-1' }, 'sn'],
    ['a time zone that is not one', 'put', '/{id}', { timezone: 'Mars/Olympus' }, 'timezone'],
    ['an empty update', 'put', '/{id}', {}, 'data'],
    ['a command without its manager', 'post', '/{id}/command', { command: 'setSystemName' }, 'manager'],
    ['a delegation token too short to be one', 'post', '/{id}/login-token', { token: 'x' }, 'token'],
    ['a voice without a language', 'get', '/{id}/voice', undefined, 'language'],
    ['a time zone of no address', 'get', '/timezone?ip=nope', undefined, 'ip'],
  ] as const)('when the app sends %s, then 400 naming it', async (_name, method, template, body, named) => {
    const { user, session } = await open();
    const call = request(url)[method](template.replace('{id}', session.id)).set(user.auth);
    const res = await (body === undefined ? call : call.send(body)).expect(400);
    expect(res.body.error_description).toContain(named);
  });

  it('when a stranger, the hub on the app side, the app on the hub side or no one calls, then 404, 403, 403 and 401', async () => {
    const { session, hub: hubAuth } = await open();
    const stranger = await account.user('setup');
    const user = await account.user('setup');
    for (const path of ['', '/state', '/voice?language=en', '/backup']) await request(url).get(`/${session.id}${path}`).set(stranger.auth).expect(404);
    await request(url).delete(`/${session.id}`).set(stranger.auth).expect(404);
    await request(url).get(`/${session.id}`).set(hubAuth).expect(403);
    await request(url).get(`/${session.id}/command`).set(user.auth).expect(403);
    await request(url).get(`/${session.id}`).expect(401);
    await request(url).put(`/${session.id}/state`).set({ Authorization: 'Bearer setup.forged' }).send({ state: 'connected' }).expect(401);
    // A hub's token opens its own session only.
    const other = await open();
    await request(url).get(`/${other.session.id}/command`).set(hubAuth).expect(404);
  });

  it('when a session is deleted or its day is over, then it is gone for both sides; an unknown command is a 404', async () => {
    const first = await open();
    await request(url).put(`/${first.session.id}/command/AAAAAAAAAAAAAAAAAAAAAA`).set(first.hub).send({ result: [null] }).expect(404);
    await request(url).delete(`/${first.session.id}`).set(first.user.auth).expect(204);
    await request(url).get(`/${first.session.id}`).set(first.user.auth).expect(404);
    await request(url).get(`/${first.session.id}/command`).set(first.hub).expect(401);
    const second = await open();
    clock.advance(SESSION_TTL_MS);
    await request(url).get(`/${second.session.id}`).set(second.user.auth).expect(404);
    await request(url).get(`/${second.session.id}/command`).set(second.hub).expect(404);
  });
});
