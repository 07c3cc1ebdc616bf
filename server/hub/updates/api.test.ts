import { FakeClock } from '../../http/clock.js';
import { HUB_VERSION } from '../core/context.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { DOWNLOAD_BYTES_PER_SECOND, INSTALL_MS, type UpdatesState } from './updates.js';

const BASE = '/api/manager/updates';
/** Noon, local time: the next automatic update is at 03:00 tomorrow. */
const NOON = new Date(2026, 10, 23, 12, 0, 0).getTime();
/** How long installing 12.1.0 (72,351,744 bytes) takes on the hub's clock: whole seconds of download, then installing. */
const INSTALL_12_1_0 = Math.ceil(72351744 / DOWNLOAD_BYTES_PER_SECOND) * 1000 + INSTALL_MS;

describe('updates manager', () => {
  let hub: TestHub;
  let clock: FakeClock;
  const auth = () => bearer(hub.token);
  const state = async (): Promise<UpdatesState> => (await hub.http().get(`${BASE}/state`).set(auth()).expect(200)).body;
  const versions = async () => ((await hub.http().get(`${BASE}/update`).set(auth()).expect(200)).body as Array<{ version: string }>).map(({ version }) => version);
  const install = (body: object = {}) => hub.http().post(`${BASE}/update`).set(auth()).send(body);

  beforeEach(async () => {
    clock = new FakeClock(NOON);
    hub = await startTestHub({ clock });
  });
  afterEach(() => hub.stop());

  it('when the hub is new, then it runs the version it shipped with on the stable channel, with 12.1.0 on offer', async () => {
    expect(await state()).toEqual({
      version: HUB_VERSION, channel: 'stable', state: 'idle', install: null, updateAvailable: '12.1.0', pendingVersion: null,
      lastCheck: null, lastInstall: null, nextAutoupdate: null, hotfixes: [],
    });
    const ping = await hub.http().get('/api/manager/system/ping').expect(200);
    expect(ping.headers['x-homey-version']).toBe(HUB_VERSION);
  });

  it('when checking on each channel, then each offers its releases newer than the version running, newest first, in the hub language', async () => {
    const stable = await hub.http().get(`${BASE}/update`).set(auth()).expect(200);
    expect(stable.body).toEqual([
      { version: '12.1.0', channel: 'stable', date: '2026-11-18', size: 72351744, changelog: 'Energy reports per zone; faster flow start.' },
      { version: '12.0.1', channel: 'stable', date: '2026-11-09', size: 41943040, changelog: 'Fixes Zigbee devices that stayed unavailable after a restart.' },
    ]);
    expect((await state()).lastCheck).toBe(new Date(NOON).toISOString());
    await hub.http().put(`${BASE}/option/channel`).set(auth()).send({ value: 'beta' }).expect(204);
    await hub.http().get(`${BASE}/option/channel`).set(auth()).expect(200, { value: 'beta' });
    expect(await versions()).toEqual(['12.2.0-rc.1', '12.1.0', '12.1.0-rc.2', '12.0.1']);
    await hub.http().put(`${BASE}/option/channel`).set(auth()).send({ value: 'experimental' }).expect(204);
    expect(await versions()).toEqual(['12.3.0-rc.1', '12.2.0-rc.1', '12.1.0', '12.1.0-rc.2', '12.1.0-rc.1', '12.0.1']);
    await hub.http().put('/api/manager/i18n/option/language').set(auth()).send({ value: 'nl' }).expect(204);
    const dutch = await hub.http().get(`${BASE}/update`).set(auth()).expect(200);
    expect(dutch.body[0].changelog).toBe('Thread border router (experimental).');
    expect(dutch.body[1].changelog).toBe('Matter-bridges; back-ups voor elke update.');
    await hub.http().delete(`${BASE}/option/channel`).set(auth()).expect(204);
    expect(await versions()).toEqual(['12.1.0', '12.0.1']);
  });

  it('when a channel is forced, then it overrides the one chosen until unset', async () => {
    await hub.http().put(`${BASE}/option/channel`).set(auth()).send({ value: 'experimental' }).expect(204);
    await hub.http().get(`${BASE}/option/forceChannel`).set(auth()).expect(200, { value: null });
    await hub.http().put(`${BASE}/option/forceChannel`).set(auth()).send({ value: 'stable' }).expect(204);
    await hub.http().get(`${BASE}/option/forceChannel`).set(auth()).expect(200, { value: 'stable' });
    expect(await state()).toMatchObject({ channel: 'stable', updateAvailable: '12.1.0' });
    await hub.http().get(`${BASE}/option/channel`).set(auth()).expect(200, { value: 'experimental' });
    await hub.http().delete(`${BASE}/option/forceChannel`).set(auth()).expect(204);
    expect(await state()).toMatchObject({ channel: 'experimental', updateAvailable: '12.3.0-rc.1' });
  });

  it('when an update is installed, then it downloads on the hub clock, reboots into the new version and its news appears', async () => {
    const started = await install().expect(200);
    expect(started.body).toMatchObject({
      state: 'downloading', install: { version: '12.1.0', startedAt: new Date(NOON).toISOString(), percent: 0, downloaded: 0, size: 72351744, reboot: true, silent: false },
    });
    clock.advance(5000);
    expect((await state()).install).toMatchObject({ downloaded: 5 * DOWNLOAD_BYTES_PER_SECOND, percent: 28 });
    clock.advance(INSTALL_12_1_0 - INSTALL_MS - 5000);
    expect(await state()).toMatchObject({ state: 'installing', install: { percent: 100 }, version: HUB_VERSION });
    clock.advance(INSTALL_MS);
    const after = await state();
    const installedAt = new Date(NOON + INSTALL_12_1_0).toISOString();
    expect(after).toMatchObject({ version: '12.1.0', state: 'idle', install: null, updateAvailable: null, lastInstall: { version: '12.1.0', from: HUB_VERSION, installedAt } });
    const info = await hub.http().get('/api/manager/system/').set(auth()).expect(200);
    expect(info.body).toMatchObject({ homeyVersion: '12.1.0', lastReboot: { reason: 'reboot-ota' } });
    expect(info.headers['x-homey-version']).toBe('12.1.0');
    const news = await hub.http().get(`${BASE}/whatsnew/`).set(auth()).expect(200);
    expect(news.body).toEqual({
      '12.1.0-energy-zones': { id: '12.1.0-energy-zones', version: '12.1.0', title: 'Energy per zone', text: 'The energy reports now show what each zone uses.', createdAt: installedAt },
      '12.1.0-flow-start': { id: '12.1.0-flow-start', version: '12.1.0', title: 'Faster flows', text: 'Flows start up to twice as fast after a trigger.', createdAt: installedAt },
    });
    const notifications = await hub.http().get('/api/manager/notifications/notification').set(auth()).expect(200);
    expect(Object.values(notifications.body).filter((n: any) => n.ownerUri === 'homey:manager:updates')).toEqual([
      expect.objectContaining({ excerpt: 'The hub now runs version 12.1.0', roles: ['manager'], meta: { kind: 'installed', version: '12.1.0' } }),
    ]);
    expect(await versions()).toEqual([]);
    const upToDate = await install().expect(409);
    expect(upToDate.body).toMatchObject({ error: 'conflict', error_description: 'The hub is up to date on the stable channel' });
    await hub.http().delete(`${BASE}/whatsnew/12.1.0-energy-zones`).set(auth()).expect(204);
    await hub.http().delete(`${BASE}/whatsnew/12.1.0-energy-zones`).set(auth()).expect(404);
    expect(Object.keys((await hub.http().get(`${BASE}/whatsnew/`).set(auth()).expect(200)).body)).toEqual(['12.1.0-flow-start']);
  });

  it('when an install is aborted, then the hub keeps its version; aborting or installing twice is a 409', async () => {
    await install().expect(200);
    const twice = await install().expect(409);
    expect(twice.body.error_description).toBe('Version 12.1.0 is being installed');
    clock.advance(3000);
    await hub.http().delete(`${BASE}/update`).set(auth()).expect(204);
    clock.advance(INSTALL_12_1_0);
    expect(await state()).toMatchObject({ version: HUB_VERSION, state: 'idle', install: null, lastInstall: null, updateAvailable: '12.1.0' });
    const none = await hub.http().delete(`${BASE}/update`).set(auth()).expect(409);
    expect(none.body).toMatchObject({ error: 'conflict', error_description: 'No update is being installed', statusCode: 409 });
    expect(await hub.http().get(`${BASE}/whatsnew/`).set(auth()).expect(200)).toMatchObject({ body: {} });
  });

  it('when installed without reboot, then the new version waits for the next start of the hub and runs from then', async () => {
    await install({ reboot: false }).expect(200);
    clock.advance(INSTALL_12_1_0);
    expect(await state()).toMatchObject({ state: 'rebootRequired', pendingVersion: '12.1.0', version: HUB_VERSION, updateAvailable: null });
    await hub.stop({ keepData: true });
    hub = await startTestHub({ dataDir: hub.dataDir, clock });
    expect(await state()).toMatchObject({ state: 'idle', pendingVersion: null, version: '12.1.0', lastInstall: { from: HUB_VERSION } });
    expect(Object.keys((await hub.http().get(`${BASE}/whatsnew/`).set(auth()).expect(200)).body)).toHaveLength(2);
  });

  it('when installed without reboot, then a reboot through the system manager runs the new version', async () => {
    await install({ reboot: false, silent: true }).expect(200);
    clock.advance(INSTALL_12_1_0);
    expect((await hub.http().get('/api/manager/system/ping').expect(200)).headers['x-homey-version']).toBe(HUB_VERSION);
    await hub.http().post('/api/manager/system/reboot').set(auth()).send({}).expect(200);
    expect(await state()).toMatchObject({ state: 'idle', pendingVersion: null, version: '12.1.0' });
    expect((await hub.http().get('/api/manager/system/ping').expect(200)).headers['x-homey-version']).toBe('12.1.0');
  });

  it('when autoupdate is on, then the hub installs the update at 03:00 on its own; off, nothing is scheduled', async () => {
    await hub.http().get(`${BASE}/option/autoupdate`).set(auth()).expect(200, { value: false });
    await hub.http().put(`${BASE}/option/autoupdate`).set(auth()).send({ value: true }).expect(204);
    await hub.http().get(`${BASE}/option/autoupdate`).set(auth()).expect(200, { value: true });
    const night = new Date(NOON);
    night.setDate(night.getDate() + 1);
    night.setHours(3, 0, 0, 0);
    expect((await state()).nextAutoupdate).toBe(night.toISOString());
    clock.set(night.getTime() + INSTALL_12_1_0);
    expect(await state()).toMatchObject({ version: '12.1.0', lastInstall: { installedAt: new Date(night.getTime() + INSTALL_12_1_0).toISOString() } });
    await hub.http().delete(`${BASE}/option/autoupdate`).set(auth()).expect(204);
    expect(await state()).toMatchObject({ nextAutoupdate: null });
  }, 60_000);

  it('when hotfixes are applied and reverted, then the state lists them; unknown is a 404, twice a 409, and a new version clears them', async () => {
    const listed = await hub.http().get(`${BASE}/hotfix`).set(auth()).expect(200);
    expect(Object.keys(listed.body).sort()).toEqual(['hf-12.0.0-insights-gap', 'hf-12.0.0-zwave-timeout']);
    const applied = await hub.http().post(`${BASE}/hotfix/hf-12.0.0-zwave-timeout`).set(auth()).send({}).expect(200);
    expect(applied.body).toEqual({ id: 'hf-12.0.0-zwave-timeout', version: '12.0.0', date: '2026-11-03', description: 'Longer Z-Wave inclusion time-out.', applied: true });
    await hub.http().post(`${BASE}/hotfix/hf-12.0.0-zwave-timeout`).set(auth()).send({}).expect(409);
    expect((await state()).hotfixes).toEqual(['hf-12.0.0-zwave-timeout']);
    await hub.http().post(`${BASE}/hotfix/hf-12.1.0-flow-delay`).set(auth()).send({}).expect(404);
    await hub.http().delete(`${BASE}/hotfix/nope`).set(auth()).expect(404);
    await hub.http().delete(`${BASE}/hotfix/hf-12.0.0-insights-gap`).set(auth()).expect(409);
    await hub.http().delete(`${BASE}/hotfix/hf-12.0.0-zwave-timeout`).set(auth()).expect(204);
    await hub.http().post(`${BASE}/hotfix/hf-12.0.0-insights-gap`).set(auth()).send({}).expect(200);
    await install().expect(200);
    clock.advance(INSTALL_12_1_0);
    expect((await state()).hotfixes).toEqual([]);
    expect(Object.keys((await hub.http().get(`${BASE}/hotfix`).set(auth()).expect(200)).body)).toEqual(['hf-12.1.0-flow-delay']);
  });

  it('when input breaks the contract, then 400 names it', async () => {
    expect((await hub.http().put(`${BASE}/option/channel`).set(auth()).send({ value: 'alpha' }).expect(400)).body.error_description).toMatch(/value/);
    await hub.http().put(`${BASE}/option/forceChannel`).set(auth()).send({ value: 'nightly' }).expect(400);
    await hub.http().put(`${BASE}/option/autoupdate`).set(auth()).send({ value: 'on' }).expect(400);
    await hub.http().put(`${BASE}/option/updateNotifications`).set(auth()).send({ value: ['sms'] }).expect(400);
    await hub.http().put(`${BASE}/option/updateNotifications`).set(auth()).send({ value: ['installed', 'installed'] }).expect(400);
    expect((await install({ reboot: 'yes' }).expect(400)).body.error_description).toMatch(/reboot/);
    expect(await state()).toMatchObject({ state: 'idle' });
  });

  it('when the notification kinds are chosen, then they read back, and unset is both', async () => {
    const option = `${BASE}/option/updateNotifications`;
    await hub.http().get(option).set(auth()).expect(200, { value: ['available', 'installed'] });
    await hub.http().put(option).set(auth()).send({ value: ['installed'] }).expect(204);
    await hub.http().get(option).set(auth()).expect(200, { value: ['installed'] });
    await hub.http().delete(option).set(auth()).expect(204);
    await hub.http().get(option).set(auth()).expect(200, { value: ['available', 'installed'] });
  });

  it('when a token lacks the scope, then 403: reading updates needs homey.updates.readonly, installing and aborting homey.updates', async () => {
    const user = hub.member('user');
    await hub.http().get(`${BASE}/update`).set(user.auth).expect(200);
    await hub.http().get(`${BASE}/whatsnew/`).set(user.auth).expect(200);
    await hub.http().post(`${BASE}/update`).set(user.auth).send({}).expect(403);
    await hub.http().put(`${BASE}/option/channel`).set(user.auth).send({ value: 'beta' }).expect(403);
    await install().expect(200);
    const denied = await hub.http().delete(`${BASE}/update`).set(user.auth).expect(403);
    expect(denied.body).toMatchObject({ error: 'insufficient_scope', error_description: 'Missing scope: homey.updates' });
    expect((await state()).state).toBe('downloading');
    const stranger = bearer(hub.tokenWith(['homey.speech.readonly']));
    await hub.http().get(`${BASE}/update`).set(stranger).expect(403);
    await hub.http().get(`${BASE}/hotfix`).set(stranger).expect(403);
    await hub.http().delete(`${BASE}/whatsnew/x`).set(stranger).expect(403);
  });
});
