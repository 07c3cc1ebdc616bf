import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { c as createTar } from 'tar';
import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { eventually } from './testing/eventually.js';

const DEMO = 'com.example.sdkdemo';
const COMPANION = 'com.example.sdkcompanion';
const uri = `homey:app:${DEMO}`;

/** The SDK v3 app in testing/sdk-apps/<id> as a .tar.gz package, as `homey app run` uploads it. */
async function pack(id: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createTar({ gzip: true, cwd: join(__dirname, 'testing', 'sdk-apps', id) }, ['.'])) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('an SDK v3 app run from the devkit', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const api = (path: string) => `/api/manager/${path}`;
  const log = (id = DEMO) => hub.hub.apps.logOf(id).map(({ line }) => line);
  const runApp = async (id: string, fields: Record<string, string> = {}) => {
    const request = hub.http().post(api('devkit/')).set(auth()).attach('app', await pack(id), 'app.tar.gz');
    for (const [name, value] of Object.entries(fields)) request.field(name, value);
    return (await request.expect(200)).body as { id: string };
  };

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when it runs, then require("homey") and its own node_modules resolve, its App, driver, devices, cards, routes and tokens work, and stopping it leaves nothing', async () => {
    const session = await runApp(DEMO);
    const { body: app } = await hub.http().get(api(`apps/app/${DEMO}`)).set(auth()).expect(200);
    expect(app).toMatchObject({ state: 'running', name: 'SDK demo', author: { name: 'Ada Example', email: null } });
    await eventually(() => expect(log()).toEqual(expect.arrayContaining(['Hello, hub', 'Good day, Ada', `${DEMO} has been initialized`, 'LampDriver has been initialized'])));

    // Its assets: the icon app.json names, nothing outside its assets folders.
    const { body: icon } = await hub.http().get(app.iconObj.url).buffer(true).expect(200).expect('Content-Type', /^image\/svg\+xml/);
    expect(icon.toString()).toContain('<svg');
    await hub.http().get(`/app/${DEMO}/assets/missing.png`).expect(404);
    await hub.http().get(`/app/${DEMO}/assets/../app.js`).expect(404);
    await hub.http().get(`/app/${DEMO}/app.json`).expect(404);

    const driverId = `${uri}:lamp`;
    await hub.http().get(api(`drivers/driver/${driverId}`)).set(auth()).expect(200).expect(({ body }) => expect(body).toMatchObject({ name: 'Lamp', ownerUri: uri }));
    const { body: actions } = await hub.http().get(api('flow/flowcardaction')).set(auth()).expect(200);
    expect(Object.values(actions)).toContainEqual(expect.objectContaining({ id: `${uri}:count`, ownerUri: uri, title: 'Count up' }));

    // Pairing: the driver's onPairListDevices lists, the device added runs its onInit and onAdded.
    const { body: pairing } = await hub.http().post(api('drivers/pairsession')).set(auth()).send({ type: 'pair', driverId }).expect(200);
    const { body: found } = await hub.http().post(api(`drivers/pairsession/${pairing.id}/emit`)).set(auth()).send({ event: 'list_devices' }).expect(200);
    expect(found).toEqual([
      expect.objectContaining({ name: 'Desk lamp', data: { id: 'desk' } }),
      expect.objectContaining({ name: 'Floor lamp', data: { id: 'floor' } }),
    ]);
    const { body: lamp } = await hub.http().post(api(`drivers/pairsession/${pairing.id}/device`)).set(auth()).send(found[0]).expect(200);
    await eventually(() => expect(log()).toEqual(expect.arrayContaining(['Desk lamp initialized', 'Desk lamp added'])));
    await eventually(async () => {
      const { body } = await hub.http().get(api(`devices/device/${lamp.id}`)).set(auth()).expect(200);
      expect(body.store).toEqual({ address: '10.0.0.7', added: true });
    });

    // A flow: when this lamp turns on, count up by 2 (the app's device trigger, then its action).
    const flow = {
      name: 'Count the desk lamp',
      trigger: { uri, id: `${uri}:lamp_turned_on`, args: { device: { id: lamp.id, name: 'Desk lamp' } } },
      actions: [{ uri, id: `${uri}:count`, args: { step: 2 } }],
    };
    await hub.http().post(api('flow/flow')).set(auth()).send(flow).expect(200);
    // Flows of a trigger with a run listener: the app decides per flow from its args (its goal) and the firing's state.
    for (const goal of [2, 100]) {
      await hub.http().post(api('flow/flow')).set(auth()).send({
        name: `Goal ${goal}`,
        trigger: { uri, id: `${uri}:total_reached`, args: { goal } },
        actions: [{ uri, id: `${uri}:pick_colour`, args: { colour: { id: `goal-${goal}`, name: `Goal ${goal}` } } }],
      }).expect(200);
    }
    await hub.http().get(`/api/app/${DEMO}/flows`).set(auth()).expect(200, { steps: [2], lampFlows: 1 });

    // A user turns it on: the device's capability listener reports its power and fires the device trigger.
    const firings: unknown[] = [];
    const stop = hub.hub.cards.onFiring((firing) => firing.cardId === `${uri}:lamp_turned_on` && firings.push(firing));
    await hub.http().put(api(`devices/device/${lamp.id}/capability/onoff`)).set(auth()).send({ value: true }).expect(204);
    await eventually(async () => {
      const { body } = await hub.http().get(api(`devices/device/${lamp.id}`)).set(auth()).expect(200);
      expect(body.capabilitiesObj.measure_power.value).toBe(40);
      // Its own capability of app.json, added in its onInit, defined as the app declares it, with an insights log.
      expect(body.capabilitiesObj.lamp_hours).toMatchObject({ title: 'Burning hours', units: 'h', decimals: 1, setable: false, value: 1.5 });
      expect(body.insights).toContainEqual(expect.objectContaining({ id: 'lamp_hours', title: 'Burning hours', units: 'h' }));
    });
    await eventually(() => expect(firings).toEqual([expect.objectContaining({ cardId: `${uri}:lamp_turned_on`, tokens: { power: 40 } })]));
    stop();
    await eventually(() => expect(log()).toContain('Desk lamp at 10.0.0.7 turned on'));

    // Flow cards: an action answering tokens, a condition, an autocomplete from the app and one of its devices.
    const run = (type: string, id: string, args: object) => hub.http().post(api(`flow/${type}/${uri}/${uri}:${id}/run`)).set(auth()).send({ args });
    await eventually(() => expect(hub.hub.store.get('appsettings', DEMO)?.values.total).toBe(2));
    await eventually(() => expect(log()).toContain('Picked Goal 2'));
    expect(log()).not.toContain('Picked Goal 100');
    await run('flowcardaction', 'count', { step: 1 }).expect(200);
    expect((await run('flowcardcondition', 'total_above', { limit: 2 }).expect(200)).body).toMatchObject({ result: true });
    const { body: colours } = await hub.http().get(api(`flow/flowcardaction/${uri}/${uri}:pick_colour/autocomplete`)).query({ name: 'colour', query: 'r' }).set(auth()).expect(200);
    expect(colours).toEqual([expect.objectContaining({ id: 'Red', name: 'Red' }), expect.objectContaining({ id: 'Green', name: 'Green' })]);
    const { body: lamps } = await hub.http().get(api(`flow/flowcardtrigger/${uri}/${uri}:lamp_turned_on/autocomplete`)).query({ name: 'device', query: 'desk' }).set(auth()).expect(200);
    expect(lamps).toEqual([{ id: lamp.id, name: 'Desk lamp' }]);

    // api.js: its routes by name, lower-case methods, the root path, parameters; a public route needs no token.
    await hub.http().get(`/api/app/${DEMO}/`).expect(200, { total: 3, lamps: 1 });
    await hub.http().post(`/api/app/${DEMO}/`).set(auth()).send({ total: 7 }).expect(200, { total: 7 });
    await hub.http().get(`/api/app/${DEMO}/lamps/desk`).set(auth()).expect(200, { name: 'Desk lamp', onoff: true });
    await hub.http().get(`/api/app/${DEMO}/lamps/attic`).set(auth()).expect(502);
    await hub.http().get(api(`flowtoken/flowtoken/${uri}:counter`)).set(auth()).expect(200);
    // Its /userdata is its own folder in the hub's data.
    await hub.http().get(`/api/app/${DEMO}/lamps`).set(auth()).expect(200, ['Desk lamp']);
    const userdata = join(hub.dataDir, 'userdata', DEMO);
    expect(readFileSync(join(userdata, 'added.txt'), 'utf-8')).toBe('Desk lamp\n');

    // Renamed and deleted, the device hears it.
    await hub.http().put(api(`devices/device/${lamp.id}`)).set(auth()).send({ name: 'Reading lamp' }).expect(200);
    await eventually(() => expect(log()).toContain('Renamed to Reading lamp'));
    // Its driver's settings (app.json groups) are the device's; a change reaches onSettings.
    await hub.http().put(api(`devices/device/${lamp.id}/settings`)).set(auth()).send({ fade: 5 }).expect(200);
    await eventually(() => expect(log()).toContain('Settings fade: 2 -> 5'));
    await hub.http().put(api(`devices/device/${lamp.id}/settings`)).set(auth()).send({ mode: 'blue' }).expect(400);
    // What its onSettings refuses is not saved, and the user reads the app's reason.
    const refused = await hub.http().put(api(`devices/device/${lamp.id}/settings`)).set(auth()).send({ mode: 'cold', fade: 8 }).expect(400);
    expect(refused.body.error_description).toBe('A cold lamp fades in 5 s at most');
    const { body: kept } = await hub.http().get(api(`devices/device/${lamp.id}`)).set(auth()).expect(200);
    expect(kept.settings).toMatchObject({ mode: 'warm', fade: 5 });
    await hub.http().put(api(`devices/device/${lamp.id}/settings`)).set(auth()).send({ fade: 3, mode: 'cold' }).expect(200);
    await eventually(() => expect(log()).toContain('Settings fade, mode: 5 -> 3, warm -> cold'));
    // Turned off, the app clears its own reading to null, as SDK apps may.
    await hub.http().put(api(`devices/device/${lamp.id}/capability/onoff`)).set(auth()).send({ value: false }).expect(204);
    await eventually(async () => {
      const { body } = await hub.http().get(api(`devices/device/${lamp.id}`)).set(auth()).expect(200);
      expect(body.capabilitiesObj).toMatchObject({ measure_power: { value: 0 }, lamp_hours: { value: null } });
    });

    // Installed from its session and then uninstalled, it takes its devices, driver, cards and files with it.
    await hub.http().post(api('devkit/app')).set(auth()).send({ manifest: { id: DEMO } }).expect(200);
    expect(existsSync(userdata)).toBe(true);
    await hub.http().delete(api(`devkit/app/${session.id}`)).set(auth()).expect(204);
    expect(existsSync(userdata)).toBe(false);
    await hub.http().get(api(`apps/app/${DEMO}`)).set(auth()).expect(404);
    await hub.http().get(api(`devices/device/${lamp.id}`)).set(auth()).expect(404);
    await hub.http().get(api(`drivers/driver/${driverId}`)).set(auth()).expect(404);
    const { body: after } = await hub.http().get(api('flow/flowcardaction')).set(auth()).expect(200);
    expect(Object.keys(after).filter((id) => id.startsWith(uri))).toEqual([]);
  });

  it('when an app calls another app\'s API (and not a manager\'s without the permission), notifies, speaks the hub\'s language and sends realtime events, then each reaches its place, and stopping it tells it first', async () => {
    const demo = await runApp(DEMO, { purgeSettings: 'true' });
    await hub.http().put(api('i18n/option/language')).set(auth()).send({ value: 'nl' }).expect(204);
    await hub.http().put(api('geolocation/option/location')).set(auth()).send({ value: { latitude: 52.37, longitude: 4.9 } }).expect(204);
    const companion = await runApp(COMPANION, { env: JSON.stringify({ API_KEY: 'k1' }) });
    await eventually(() => expect(log(COMPANION)).toEqual(expect.arrayContaining(['Language nl, timezone set: true', 'May call the demo: true; key k1'])));

    const { body: report } = await hub.http().post(`/api/app/${COMPANION}/report`).set(auth()).send({}).expect(200);
    expect(report).toEqual({ text: 'De demo telt 0', demoVersion: '1.0.0', installed: true });
    const { body: notifications } = await hub.http().get(api('notifications/notification')).set(auth()).expect(200);
    expect(Object.values(notifications)).toContainEqual(expect.objectContaining({ ownerUri: `homey:app:${COMPANION}`, excerpt: 'De demo telt 0' }));
    await hub.http().get(`/api/app/${COMPANION}/where`).set(auth()).expect(200, { latitude: 52.37, longitude: 4.9, mode: 'manual' });
    // Without the permission homey:manager:api, a manager's API refuses it, and the app can tell beforehand.
    await hub.http().get(`/api/app/${COMPANION}/system`).set(auth()).expect(200, { may: false, answer: `${COMPANION} needs the permission homey:manager:api` });

    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, 'v4');
    try {
      expect((await client.request('subscribe', `homey:app:${COMPANION}`))[0]).toBeNull();
      const heard = client.next(`homey:app:${COMPANION}`, (event) => event === 'setting_changed');
      await hub.http().put(api(`apps/app/${COMPANION}/setting/colour`)).set(auth()).send({ value: 'teal' }).expect(204);
      expect((await heard).data).toEqual({ key: 'colour', value: 'teal' });
    } finally {
      client.close();
    }

    // Without the permission homey:app:<id>, another app's API is refused; with the other app gone, it is not found.
    await hub.http().delete(api(`devkit/${demo.id}`)).set(auth()).expect(204);
    await hub.http().post(`/api/app/${COMPANION}/report`).set(auth()).send({}).expect(502);
    // Stopping, it hears 'unload' (its promise waited for), then runs its onUninit.
    await hub.http().delete(api(`devkit/${companion.id}`)).set(auth()).expect(204);
    expect(readFileSync(join(hub.dataDir, 'userdata', COMPANION, 'unloaded.txt'), 'utf-8')).toBe('unload heard');
    expect(readFileSync(join(hub.dataDir, 'userdata', COMPANION, 'stopped.txt'), 'utf-8')).toBe('stopped cleanly after unload');
  });

  it('when an app is written as ES modules, then its import of homey is the same SDK and it runs', async () => {
    const session = await runApp('com.example.sdkesm');
    await hub.http().get(api('apps/app/com.example.sdkesm')).set(auth()).expect(200).expect(({ body }) => expect(body.state).toBe('running'));
    await eventually(() => expect(log('com.example.sdkesm')).toEqual(expect.arrayContaining(['ES module app 0.1.0 started', 'ClockDriver ready'])));
    await hub.http().delete(api(`devkit/${session.id}`)).set(auth()).expect(204);
  });

  it('when the hub restarts, then an installed SDK v3 app starts again with its devices, which answer their users as before', async () => {
    await runApp(DEMO, { purgeSettings: 'true' });
    await hub.http().post(api('devkit/app')).set(auth()).send({ manifest: { id: DEMO } }).expect(200);
    const driverId = `${uri}:lamp`;
    const { body: pairing } = await hub.http().post(api('drivers/pairsession')).set(auth()).send({ type: 'pair', driverId }).expect(200);
    const { body: found } = await hub.http().post(api(`drivers/pairsession/${pairing.id}/emit`)).set(auth()).send({ event: 'list_devices' }).expect(200);
    const { body: lamp } = await hub.http().post(api(`drivers/pairsession/${pairing.id}/device`)).set(auth()).send(found[1]).expect(200);

    await hub.stop({ keepData: true });
    hub = await startTestHub({ dataDir: hub.dataDir });
    await eventually(() => expect(hub.hub.store.get('app', DEMO)).toMatchObject({ state: 'running', origin: 'devkit_install' }));
    await eventually(() => expect(log()).toContain('Floor lamp initialized'));
    expect(log()).not.toContain('Floor lamp added');
    await hub.http().put(api(`devices/device/${lamp.id}/capability/onoff`)).set(auth()).send({ value: true }).expect(204);
    await eventually(async () => {
      const { body } = await hub.http().get(api(`devices/device/${lamp.id}`)).set(auth()).expect(200);
      expect(body.capabilitiesObj.measure_power.value).toBe(40);
    });
  });
});
