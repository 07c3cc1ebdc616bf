import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HomeyAPI } from 'homey-api';
import request from 'supertest';
import { startTestAccount, type TestAccount } from '../../cloud/account/testing/test-account.js';
import { createAppsService, type AppsService } from '../../cloud/apps/service.js';
import { signInForApps } from '../../cloud/apps/testing/account-users.js';
import type { TestUser } from '../../cloud/apps/testing/apps-fixture.js';
import { sha256, upload } from '../../cloud/apps/testing/flows.js';
import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { REAL_APPS, buildApp, packApp, removeBuild } from './testing/build-app.js';
import { eventually } from './testing/eventually.js';

const SOUNDBOARD = 'com.athom.soundboard';
const POWER = 'no.kjeet90.powerofthehour';
const GARAGE = 'com.jaap.virtualgaragedoor';
const GALLERY = 'com.athom.gallery';
const SECRET = 'real-apps-e2e-secret';
/** The part of homey-api's HomeyAPIV3Local this file reads. */
type OfficialDrivers = { drivers: { getDriver(args: { id: string }): Promise<Record<'pair' | 'repair' | 'unpair', unknown>> } };
/** The versions their app.json declare, as their builds on the store carry them. */
const VERSIONS: Record<string, string> = { [SOUNDBOARD]: '3.1.0', [POWER]: '1.3.5', [GARAGE]: '0.6.3', [GALLERY]: '3.3.1' };

/**
 * Third-party SDK v3 apps from public repositories (testing/real-apps, pinned, unmodified), built as `homey app
 * build` builds them, run on one hub through the devkit and installed from the cloud app store: what their own code
 * computes answers through the hub's managers, and uninstalled they leave nothing.
 */
// Each test installs, runs and removes whole apps (one compiles TypeScript): seconds apiece on a busy machine.
jest.setTimeout(90_000);

describe('real SDK v3 apps on the hub', () => {
  let account: TestAccount;
  let store: AppsService;
  let storeUrl: string;
  let hub: TestHub;
  let dev: TestUser;
  let reviewer: TestUser;
  const storeDir = mkdtempSync(path.join(tmpdir(), 'real-apps-store-'));
  const packages = new Map<string, Buffer>();
  const auth = () => bearer(hub.token);
  const api = (p: string) => `/api/manager/${p}`;
  const log = (id: string) => hub.hub.apps.logOf(id).map(({ line }) => line);
  const storeApi = () => request(storeUrl);

  beforeAll(async () => {
    for (const id of [SOUNDBOARD, POWER, GARAGE, GALLERY]) {
      const dir = await buildApp(id);
      packages.set(id, await packApp(dir));
      removeBuild(dir);
    }
    account = await startTestAccount();
    store = await createAppsService({ dataDir: storeDir, accountKey: account.account.keys.publicPem, secret: SECRET, mailer: (mail) => void account.mails.push(mail), validateResponses: true, development: true });
    storeUrl = `${await store.listen(0)}/api/v1`;
    [dev, reviewer] = [await signInForApps(account), await signInForApps(account, ['app_reviewer'])];
    const owner = await signInForApps(account);
    hub = await startTestHub({ appStore: { url: storeUrl, secret: SECRET, ownerToken: async () => owner.auth.Authorization.slice('Bearer '.length) } });
  }, 60_000);
  afterAll(async () => {
    await hub?.stop();
    await store?.close();
    await account?.stop();
    rmSync(storeDir, { recursive: true, force: true });
  });

  /** `homey app run`: the package uploaded to the devkit, running as a session. */
  const runApp = async (id: string) => {
    const { body } = await hub.http().post(api('devkit/')).set(auth()).attach('app', packages.get(id)!, 'app.tar.gz').expect(200);
    await hub.http().get(api(`apps/app/${id}`)).set(auth()).expect(200).expect(({ body: app }) => expect(app.state).toBe('running'));
    return body as { id: string };
  };

  /** `homey app publish`, then a reviewer's approval: the build on the stable channel. */
  const publish = async (id: string) => {
    const version = VERSIONS[id]!;
    const bytes = packages.get(id)!;
    const { body } = await storeApi().post(`/app/${id}/build`).set(dev.auth).send({ version, changelog: { en: `Version ${version}` } }).expect(200);
    await upload({ api: storeApi }, body.upload.url, bytes).expect(200);
    await storeApi().put(`/archive/${body.upload.archiveId}`).set(dev.auth).send({ state: 'uploaded', hash: sha256(bytes), size: bytes.length }).expect(200);
    await storeApi().post(`/app/${id}/build/${body.build.id}/submission`).set(dev.auth).send({ autoRelease: true }).expect(200);
    await storeApi().post(`/app/${id}/build/${body.build.id}/submission/approve`).set(reviewer.auth).expect(200);
  };

  /** Nothing of the app is left on the hub: its record, settings, files, drivers, devices, cards and tokens. */
  const expectGone = async (id: string) => {
    const uri = `homey:app:${id}`;
    await hub.http().get(api(`apps/app/${id}`)).set(auth()).expect(404);
    expect(hub.hub.store.get('appsettings', id)).toBeUndefined();
    expect(existsSync(path.join(hub.dataDir, 'userdata', id))).toBe(false);
    expect(readdirSync(path.join(hub.dataDir, 'apps')).filter((name) => name.includes(id))).toEqual([]);
    for (const manager of ['drivers/driver', 'devices/device', 'flow/flowcardtrigger', 'flow/flowcardcondition', 'flow/flowcardaction', 'flowtoken/flowtoken', 'images/image']) {
      const { body } = await hub.http().get(api(manager)).set(auth()).expect(200);
      expect(Object.values(body as Record<string, { ownerUri?: string; uri?: string; id: string }>).filter((item) => (item.ownerUri ?? item.uri ?? item.id).startsWith(uri))).toEqual([]);
    }
  };

  it('when Athom\'s Soundboard runs from the devkit, then its api.js, its settings, its autocomplete and its files work as its code says, and installed then uninstalled it leaves nothing', async () => {
    const uri = `homey:app:${SOUNDBOARD}`;
    const session = await runApp(SOUNDBOARD);
    await eventually(() => expect(log(SOUNDBOARD)).toContain('SoundboardApp running...'));
    const { body: actions } = await hub.http().get(api('flow/flowcardaction')).set(auth()).expect(200);
    expect(Object.values(actions)).toContainEqual(expect.objectContaining({ id: `${uri}:play`, ownerUri: uri, title: 'Play a sound' }));

    // Its settings page's calls: a sound uploaded (kept in /userdata and a setting), listed at the root path, renamed.
    const { body: sound } = await hub.http().post(`/api/app/${SOUNDBOARD}/`).set(auth()).send({ type: 'audio/mpeg', name: 'Doorbell', buffer: Buffer.from('ID3 ding').toString('base64') }).expect(200);
    expect(sound).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), type: 'audio/mpeg', name: 'Doorbell', path: `/userdata/${sound.id}.mp3` });
    expect(existsSync(path.join(hub.dataDir, 'userdata', SOUNDBOARD, `${sound.id}.mp3`))).toBe(true);
    await hub.http().get(`/api/app/${SOUNDBOARD}/`).set(auth()).expect(200, [{ ...sound, path: `userdata/${sound.id}.mp3` }]);
    await hub.http().put(`/api/app/${SOUNDBOARD}/${sound.id}`).set(auth()).send({ name: 'Front door' }).expect(200, { ...sound, name: 'Front door' });
    // Playing is refused by its own code on a hub of platform version 2, as on a Homey Pro (2023).
    const { body: refused } = await hub.http().post(`/api/app/${SOUNDBOARD}/${sound.id}/play`).set(auth()).send({}).expect(502);
    expect(refused.error_description).toContain('This Homey Pro cannot play sounds.');

    // Its settings through the apps manager: what the app wrote is read; what a user writes, the app lists.
    const { body: settings } = await hub.http().get(api(`apps/app/${SOUNDBOARD}/setting`)).set(auth()).expect(200);
    expect(settings.values).toEqual({ [`sound_${sound.id}`]: { ...sound, name: 'Front door' } });
    const chime = { id: 'chime', type: 'audio/wav', name: 'Chime', path: '/userdata/chime.wav' };
    await hub.http().put(api(`apps/app/${SOUNDBOARD}/setting/sound_chime`)).set(auth()).send({ value: chime }).expect(204);
    // The play card's argument autocompletes from the app's sounds, by what the user typed.
    const autocomplete = (query: string) => hub.http().get(api(`flow/flowcardaction/${uri}/${uri}:play/autocomplete`)).query({ name: 'sound', query }).set(auth()).expect(200);
    expect((await autocomplete('door')).body).toEqual([expect.objectContaining({ id: sound.id, name: 'Front door' })]);
    expect((await autocomplete('CHI')).body).toEqual([expect.objectContaining({ id: 'chime', name: 'Chime' })]);
    await hub.http().delete(`/api/app/${SOUNDBOARD}/${sound.id}`).set(auth()).expect(204);
    expect(existsSync(path.join(hub.dataDir, 'userdata', SOUNDBOARD, `${sound.id}.mp3`))).toBe(false);
    await hub.http().get(`/api/app/${SOUNDBOARD}/`).set(auth()).expect(200, [{ ...chime, path: 'userdata/chime.wav' }]);

    // `homey app install`: kept for good, with its settings; uninstalled with them purged, it leaves nothing.
    await hub.http().post(api('devkit/app')).set(auth()).send({ manifest: { id: SOUNDBOARD } }).expect(200);
    expect((await hub.http().get(api(`apps/app/${SOUNDBOARD}`)).set(auth()).expect(200)).body).toMatchObject({ origin: 'devkit_install', state: 'running' });
    await hub.http().get(`/api/app/${SOUNDBOARD}/`).set(auth()).expect(200, [{ ...chime, path: 'userdata/chime.wav' }]);
    await hub.http().delete(api(`apps/app/${SOUNDBOARD}`)).query({ purgeSettings: true }).set(auth()).expect(204);
    await expectGone(SOUNDBOARD);
    await hub.http().delete(api(`devkit/app/${session.id}`)).set(auth()).expect(404);
  });

  it('when Power of the Hour runs from the devkit, then its output streams to the developer, its driver pairs a device, its action cards reach the device, and its device triggers start flows back into it', async () => {
    const uri = `homey:app:${POWER}`;
    const driverId = `${uri}:power-of-the-hour`;
    // `homey app run` shows the app's stdout and stderr as they come: std events of the devkit manager.
    const developer = await connectRealtime(hub.url, hub.token, hub.hub.id, 'v4');
    const streamed: Array<{ session: string; stream: string; line: string }> = [];
    expect((await developer.request('subscribe', 'homey:manager:devkit'))[0]).toBeNull();
    developer.api.on('homey:manager:devkit', (event: string, data: (typeof streamed)[number]) => event === 'std' && streamed.push(data));
    const session = await runApp(POWER);
    await eventually(() => expect(streamed).toEqual(expect.arrayContaining([
      { session: session.id, stream: 'stdout', line: 'Power of the hour is running...' },
      { session: session.id, stream: 'stdout', line: 'Power of the hour driver has been initialized' },
    ])));
    await hub.http().get(api(`drivers/driver/${driverId}`)).set(auth()).expect(200).expect(({ body }) => expect(body).toMatchObject({ name: 'Power of the hour', ownerUri: uri }));
    const { body: conditions } = await hub.http().get(api('flow/flowcardcondition')).set(auth()).expect(200);
    expect(Object.values(conditions)).toContainEqual(expect.objectContaining({ id: `${uri}:is_consumption_limit_above`, ownerUri: uri }));

    // Pairing: its onPairListDevices names a device with a uuid of its own node_modules; added, it runs onInit and onAdded.
    const { body: pairing } = await hub.http().post(api('drivers/pairsession')).set(auth()).send({ type: 'pair', driverId }).expect(200);
    const { body: found } = await hub.http().post(api(`drivers/pairsession/${pairing.id}/emit`)).set(auth()).send({ event: 'list_devices' }).expect(200);
    expect(found).toEqual([expect.objectContaining({ name: 'Power of the hour', data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) } })]);
    const { body: meter } = await hub.http().post(api(`drivers/pairsession/${pairing.id}/device`)).set(auth()).send(found[0]).expect(200);
    await eventually(() => expect(log(POWER)).toContain('Initialized device Power of the hour'));
    const device = { id: meter.id, name: meter.name };

    // A flow: when the meter sees a new peak, set its consumption limit (the app's trigger, then its action).
    await hub.http().post(api('flow/flow')).set(auth()).send({
      name: 'Peak limit',
      trigger: { uri, id: `${uri}:new_peak`, args: { device } },
      actions: [{ uri, id: `${uri}:set_consumption_limit`, args: { device, consumption_limit: 4321 } }],
    }).expect(200);
    const run = (id: string, args: object) => hub.http().post(api(`flow/flowcardaction/${uri}/${uri}:${id}/run`)).set(auth()).send({ args: { device, ...args } }).expect(200);
    await run('consumption_updated', { consumption: 2, unit: 'kW' });
    await eventually(async () => expect((await hub.http().get(api(`devices/device/${meter.id}`)).set(auth()).expect(200)).body.capabilitiesObj.meter_consumption_peak.value).toBe(2000));
    await run('consumption_updated', { consumption: 3500, unit: 'W' });
    await eventually(async () => {
      const { body } = await hub.http().get(api(`devices/device/${meter.id}`)).set(auth()).expect(200);
      expect(body.capabilitiesObj.meter_consumption_peak.value).toBe(3500);
      expect(body.settings.consumption_limit).toBe(4321);
    }, 5_000);
    const condition = (limit: number) => hub.http().post(api(`flow/flowcardcondition/${uri}/${uri}:is_consumption_limit_above/run`)).set(auth()).send({ args: { device, limit } }).expect(200);
    expect((await condition(4000)).body).toMatchObject({ result: true });
    expect((await condition(5000)).body).toMatchObject({ result: false });

    expect(streamed).toContainEqual({ session: session.id, stream: 'stdout', line: 'Writing new settings' });
    developer.close();
    await hub.http().delete(api(`devkit/${session.id}`)).set(auth()).expect(204);
    await hub.http().get(api(`devices/device/${meter.id}`)).set(auth()).expect(404);
    await hub.http().delete(api(`apps/app/${POWER}`)).set(auth()).expect(404);
  });

  it('when the Virtual Garage Door runs from the devkit, then the official client reads its drivers\' app.json views, its pairing takes the name its pair view sends, and a user\'s capability change becomes its request trigger, whose flow runs its action on the door', async () => {
    const uri = `homey:app:${GARAGE}`;
    const driverId = `${uri}:flow-door`;
    const session = await runApp(GARAGE);
    const { body: drivers } = await hub.http().get(api('drivers/driver')).set(auth()).expect(200);
    expect(Object.keys(drivers).filter((id) => id.startsWith(uri)).sort()).toEqual([`${uri}:flow-door`, `${uri}:gate`, `${uri}:managed-door`]);

    // The official client reads the gate's views of its app.json: a custom first view, then the system list; its
    // repair view is a page of its own (drivers/gate/repair/), not the pair view of the same id.
    const official = (await HomeyAPI.createLocalAPI({ address: hub.url, token: hub.token, debug: null })) as unknown as OfficialDrivers;
    const gate = await official.drivers.getDriver({ id: `${uri}:gate` });
    const page = (kind: string) => `/app/${GARAGE}/drivers/gate/${kind}/gate_config.html`;
    expect(gate.pair).toEqual([
      { id: 'gate_config', template: null, navigation: { prev: null, next: null }, options: {}, url: page('pair') },
      { id: 'list_devices', template: 'list_devices', navigation: { prev: null, next: 'add_devices' }, options: {}, url: null },
      { id: 'add_devices', template: 'add_devices', navigation: { prev: null, next: null }, options: {}, url: null },
    ]);
    expect(gate.repair).toEqual([{ id: 'gate_config', template: null, navigation: { prev: null, next: null }, options: {}, url: page('repair') }]);
    expect(gate.unpair).toEqual([]);
    for (const kind of ['pair', 'repair']) expect((await hub.http().get(page(kind)).expect(200)).text).toContain('vgd-gate-opening');
    expect((await hub.http().get(page('repair')).expect(200)).text).toContain('Homey.done()');

    // Its custom pair view `name` emits set_name; list_devices then names the door so.
    const { body: pairing } = await hub.http().post(api('drivers/pairsession')).set(auth()).send({ type: 'pair', driverId }).expect(200);
    const emit = (event: string, data?: unknown) => hub.http().post(api(`drivers/pairsession/${pairing.id}/emit`)).set(auth()).send({ event, data }).expect(200);
    await emit('set_name', '  Garage  ');
    const { body: found } = await emit('list_devices');
    expect(found).toEqual([expect.objectContaining({ name: 'Garage', data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) } })]);
    const { body: door } = await hub.http().post(api(`drivers/pairsession/${pairing.id}/device`)).set(auth()).send(found[0]).expect(200);
    expect(door.capabilities).toEqual(['garagedoor_closed', 'garagedoor_state']);
    const device = { id: door.id, name: door.name };

    // A flow: when the door is asked to open, report it open (its own trigger, then its own action).
    await hub.http().post(api('flow/flow')).set(auth()).send({
      name: 'Open the garage',
      trigger: { uri, id: `${uri}:open_requested`, args: { device } },
      actions: [{ uri, id: `${uri}:set_state`, args: { device, state: 'open' } }],
    }).expect(200);
    await hub.http().put(api(`devices/device/${door.id}/capability/garagedoor_closed`)).set(auth()).send({ value: false }).expect(204);
    await eventually(async () => {
      const { body } = await hub.http().get(api(`devices/device/${door.id}`)).set(auth()).expect(200);
      expect(body.capabilitiesObj.garagedoor_state.value).toBe('open');
      expect(body.capabilitiesObj.garagedoor_closed.value).toBe(false);
    });

    await hub.http().delete(api(`devkit/${session.id}`)).set(auth()).expect(204);
    await hub.http().get(api(`devices/device/${door.id}`)).set(auth()).expect(404);
  });

  it("when the Virtual Garage Door manages a door through homey-api against its own hub, then its pair view lists the hub's devices, and the door follows the hub's contact sensor and pulses the hub's socket", async () => {
    const uri = `homey:app:${GARAGE}`;
    const session = await runApp(GARAGE);
    const { body: devices } = await hub.http().get(api('devices/device')).set(auth()).expect(200);
    const named = (name: string) => Object.values(devices as Record<string, { id: string; name: string }>).find((device) => device.name === name)!;
    const [socket, sensor] = [named('Garden socket'), named('Shed door')];
    const capability = (id: string, capabilityId: string) => api(`devices/device/${id}/capability/${capabilityId}`);
    await hub.http().put(capability(socket.id, 'onoff')).set(auth()).send({ value: false }).expect(204);
    await hub.http().put(capability(sensor.id, 'alarm_contact')).set(auth()).send({ value: false }).expect(204);

    // Its managed_config pair view reads the hub's devices through homey-api (HomeyAPI.createAppAPI).
    const { body: pairing } = await hub.http().post(api('drivers/pairsession')).set(auth()).send({ type: 'pair', driverId: `${uri}:managed-door` }).expect(200);
    const emit = (event: string, data?: unknown) => hub.http().post(api(`drivers/pairsession/${pairing.id}/emit`)).set(auth()).send({ event, data }).expect(200);
    const { body: choices } = await emit('get_pair_data');
    expect(choices.controls).toContainEqual({ deviceId: socket.id, name: 'Garden socket', zone: 'Garden' });
    expect(choices.sensors).toContainEqual(expect.objectContaining({ deviceId: sensor.id, deviceName: 'Shed door', capabilityId: 'alarm_contact' }));
    await emit('set_managed_config', { name: 'Shed garage', controlDevice: { id: socket.id }, closedSensor: { id: sensor.id, capability: 'alarm_contact' }, travelTime: 60 });
    const { body: found } = await emit('list_devices');
    const { body: door } = await hub.http().post(api(`drivers/pairsession/${pairing.id}/device`)).set(auth()).send(found[0]).expect(200);
    const doorState = async () => (await hub.http().get(api(`devices/device/${door.id}`)).set(auth()).expect(200)).body.capabilitiesObj.garagedoor_state.value;
    await eventually(async () => expect(await doorState()).toBe('closed'));

    // An open request pulses the socket through homey-api; the sensor's changes reach the door over homey-api's realtime.
    await hub.http().post(api(`flow/flowcardaction/${uri}/${uri}:request_open/run`)).set(auth()).send({ args: { device: { id: door.id, name: door.name } } }).expect(200);
    await eventually(async () => expect(await doorState()).toBe('opening'));
    const { body: pulsed } = await hub.http().get(api(`devices/device/${socket.id}`)).set(auth()).expect(200);
    expect(pulsed.capabilitiesObj.onoff.value).toBe(true);
    await hub.http().put(capability(sensor.id, 'alarm_contact')).set(auth()).send({ value: true }).expect(204);
    await hub.http().put(capability(sensor.id, 'alarm_contact')).set(auth()).send({ value: false }).expect(204);
    await eventually(async () => expect(await doorState()).toBe('closed'));
    expect(log(GARAGE).join('\n')).toMatch(/closed sensor -> false \(at endpoint: true\)/);

    await hub.http().delete(api(`devkit/${session.id}`)).set(auth()).expect(204);
  });

  it("when Athom's Gallery runs from the devkit, then its images and their image tokens are the hub's, its api.js adds and removes images, and an image token dropped on its card adds that picture", async () => {
    const uri = `homey:app:${GALLERY}`;
    const session = await runApp(GALLERY);
    const asset = (name: string) => readFileSync(path.join(REAL_APPS, GALLERY, 'assets/images', name));
    const own = async <T>(manager: string) =>
      Object.values((await hub.http().get(api(manager)).set(auth()).expect(200)).body as Record<string, T & { ownerUri: string }>).filter((item) => item.ownerUri === uri);
    const picture = async (imageId: string) => {
      const { body, headers } = await hub.http().get(api(`images/image/${imageId}/image`)).set(auth()).buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        }).expect(200);
      return { type: headers['content-type'], bytes: body as Buffer };
    };
    const gallery = async () => (await hub.http().get(`/api/app/${GALLERY}/image`).set(auth()).expect(200)).body as Record<string, { name: string; type: string; file: string }>;

    // Its three sample images: each an image of the images manager with an image token naming it, whose picture
    // (only a path the app set, read when asked) is its asset file.
    expect(Object.values(await gallery()).map(({ name }) => name).sort()).toEqual(['Aurora', 'Kitten', 'Moon']);
    const images = await own<{ id: string }>('images/image');
    const tokens = await own<{ id: string; title: string; type: string; value: string }>('flowtoken/flowtoken');
    expect(images).toHaveLength(3);
    expect(tokens.map(({ title, type }) => [title, type]).sort()).toEqual([['Aurora', 'image'], ['Kitten', 'image'], ['Moon', 'image']]);
    expect(tokens.map(({ value }) => value).sort()).toEqual(images.map(({ id }) => id).sort());
    const kitten = tokens.find(({ title }) => title === 'Kitten')!;
    expect(await picture(kitten.value)).toEqual({ type: 'image/jpeg', bytes: asset('kitten.jpg') });

    // Its api.js: a picture sent as base64 becomes a new image with its token.
    const { body: added } = await hub.http().post(`/api/app/${GALLERY}/image`).set(auth()).send({ name: 'Small', type: 'image/png', data: asset('small.png').toString('base64') }).expect(200);
    expect(added).toEqual({ name: 'Small', type: 'image/png', file: expect.stringMatching(/^\/userdata\/[0-9a-f-]{36}\.png$/) });
    const small = (await own<{ title: string; value: string }>('flowtoken/flowtoken')).find(({ title }) => title === 'Small')!;
    expect(await picture(small.value)).toEqual({ type: 'image/png', bytes: asset('small.png') });

    // The Kitten token dropped on its "Add an image" card: the app reads the hub's picture and keeps a copy.
    const card = `${uri}:create-image`;
    await hub.http().post(api(`flow/flowcardaction/${uri}/${card}/run`)).set(auth()).send({ args: { name: 'Kitten copy' }, droptoken: `${uri}|${kitten.id.slice(uri.length + 1)}` }).expect(200);
    const copy = Object.entries(await gallery()).find(([, { name }]) => name === 'Kitten copy')!;
    expect(copy[1]).toMatchObject({ type: 'image/jpeg', file: `/userdata/${copy[0]}.jpg` });
    const copyToken = (await own<{ title: string; value: string }>('flowtoken/flowtoken')).find(({ title }) => title === 'Kitten copy')!;
    expect(await picture(copyToken.value)).toEqual({ type: 'image/jpeg', bytes: asset('kitten.jpg') });

    // Removed through its api.js, an image and its token go.
    await hub.http().delete(`/api/app/${GALLERY}/image/${copy[0]}`).set(auth()).expect(204);
    await eventually(async () => expect((await own<{ title: string }>('flowtoken/flowtoken')).map(({ title }) => title)).not.toContain('Kitten copy'));
    expect(await own('images/image')).toHaveLength(4);

    await hub.http().delete(api(`devkit/${session.id}`)).set(auth()).expect(204);
    expect(await own('images/image')).toEqual([]);
  });

  it.each([SOUNDBOARD, POWER, GARAGE, GALLERY])('when %s is published, reviewed and installed from the app store, then it runs with its drivers and cards, and uninstalled it leaves nothing', async (id) => {
    await publish(id);
    const { body: installed } = await hub.http().post(api('apps/store')).set(auth()).send({ id, waitForInstall: true }).expect(200);
    expect(installed).toMatchObject({ id, origin: 'appstore', state: 'running', ready: true });
    const { body: cards } = await hub.http().get(api('flow/flowcardaction')).set(auth()).expect(200);
    expect(Object.values(cards).filter((card) => (card as { ownerUri: string }).ownerUri === `homey:app:${id}`).length).toBeGreaterThan(0);
    await hub.http().delete(api(`apps/app/${id}`)).query({ purgeSettings: true }).set(auth()).expect(204);
    await expectGone(id);
  });
});
