import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { c as createTar } from 'tar';
import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { eventually } from './testing/eventually.js';

const APP = 'com.example.sdkhardware';
const uri = `homey:app:${APP}`;
const FIXTURE = join(__dirname, 'testing', 'sdk-apps', APP);

async function pack(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createTar({ gzip: true, cwd: FIXTURE }, ['.'])) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The first neighbour of this machine's ARP table, if it has one. */
function arpNeighbour(): { ip: string; mac: string } | undefined {
  if (!existsSync('/proc/net/arp')) return undefined;
  const row = readFileSync('/proc/net/arp', 'utf-8').split('\n').slice(1).map((line) => line.trim().split(/\s+/)).find((fields) => fields.length > 3 && fields[3] !== '00:00:00:00:00:00');
  return row && { ip: row[0]!, mac: row[3]! };
}

describe('an SDK v3 app using the managers of the hub\'s hardware', () => {
  let hub: TestHub;
  let sessionId: string;
  let doorbellId: string;
  const auth = () => bearer(hub.token);
  const api = (path: string) => `/api/manager/${path}`;
  const app = (path: string) => `/api/app/${APP}/${path}`;

  beforeAll(async () => {
    hub = await startTestHub();
    const { body } = await hub.http().post(api('devkit/')).set(auth()).attach('app', await pack(), 'app.tar.gz').expect(200);
    sessionId = body.id;
    await eventually(() => expect(hub.hub.apps.logOf(APP).map(({ line }) => line)).toContain('Listening for the chime'));
    const driverId = `${uri}:doorbell`;
    const { body: pairing } = await hub.http().post(api('drivers/pairsession')).set(auth()).send({ type: 'pair', driverId }).expect(200);
    const { body: found } = await hub.http().post(api(`drivers/pairsession/${pairing.id}/emit`)).set(auth()).send({ event: 'list_devices' }).expect(200);
    doorbellId = (await hub.http().post(api(`drivers/pairsession/${pairing.id}/device`)).set(auth()).send(found[0]).expect(200)).body.id;
  });
  afterAll(() => hub.stop());

  it('when it plays a sample, speaks and lights the ring, then the audio, speech output and ring managers show it', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, 'v4');
    try {
      await client.request('subscribe', 'homey:manager:audio');
      const played = client.next('homey:manager:audio', (event) => event === 'play');
      const { body: sound } = await hub.http().post(app('sound')).set(auth()).send({}).expect(200);
      expect((await played).data).toMatchObject({ ownerUri: uri, sampleId: 'ding', format: 'wav', size: 124, duration: 10, volume: 0.5 });
      expect(sound).toMatchObject({ first: { sampleId: 'ding' }, again: { sampleId: 'ding' } });
      expect(sound.removed).toMatch(/Sample ding/);
      expect(sound.notWav).toMatch(/not a WAV file/);
    } finally {
      client.close();
    }

    const { body: speech } = await hub.http().post(app('say')).set(auth()).send({ text: 'Someone is at the door' }).expect(200);
    expect(speech).toMatchObject({ text: 'Someone is at the door', audio: null });

    await hub.http().post(app('ring')).set(auth()).send({}).expect(204);
    const { body: ring } = await hub.http().get(api('ledring/state')).set(auth()).expect(200);
    expect(ring).toMatchObject({ showing: 'animation', animation: { source: 'app' } });
    expect(ring.pixels).toHaveLength(24);
    await hub.http().delete(app('ring')).set(auth()).expect(204);
    expect((await hub.http().get(api('ledring/state')).set(auth()).expect(200)).body.animation).toBeNull();
  });

  it('when it registers a screensaver of its app.json, then the ring lists it as the app\'s, plays its frames once chosen, and falls back while the app stops and when it is unregistered', async () => {
    const screensaverId = `${uri}:waves`;
    const { body: registered } = await hub.http().post(app('screensaver')).set(auth()).send({}).expect(200);
    expect(registered.unknown).toMatch(/Screensaver stars/);
    const { body: savers } = await hub.http().get(api('ledring/screensaver')).set(auth()).expect(200);
    expect(savers[screensaverId]).toEqual({ id: screensaverId, title: 'Waves', description: 'A screensaver of SDK hardware.', ownerUri: uri });
    expect(savers.clock.ownerUri).toBe('homey:manager:ledring');

    await hub.http().put(api('ledring/option/screensaver')).set(auth()).send({ value: screensaverId }).expect(204);
    const { body: ring } = await hub.http().get(api('ledring/state')).set(auth()).expect(200);
    expect(ring).toMatchObject({ screensaver: screensaverId, showing: 'screensaver', animation: null });
    const blue = { r: 0, g: 0, b: 255 };
    const off = { r: 0, g: 0, b: 0 };
    expect([0, 1].map((phase) => Array.from({ length: 24 }, (_, index) => (index % 2 === phase ? blue : off)))).toContainEqual(ring.pixels);

    // While its app is stopped, the ring shows its own default and keeps the choice for the app's return.
    await hub.http().put(api(`apps/app/${APP}/disable`)).set(auth()).expect(204);
    expect((await hub.http().get(api('ledring/state')).set(auth()).expect(200)).body).toMatchObject({ screensaver: 'rainbow', pixels: null });
    expect((await hub.http().get(api('ledring/option/screensaver')).set(auth()).expect(200)).body).toEqual({ value: screensaverId });
    await hub.http().put(api(`apps/app/${APP}/enable`)).set(auth()).expect(204);
    await hub.http().post(app('screensaver')).set(auth()).send({}).expect(200);
    expect((await hub.http().get(api('ledring/state')).set(auth()).expect(200)).body.screensaver).toBe(screensaverId);

    await hub.http().delete(app('screensaver')).set(auth()).expect(204);
    expect(Object.keys((await hub.http().get(api('ledring/screensaver')).set(auth()).expect(200)).body)).not.toContain(screensaverId);
    expect((await hub.http().get(api('ledring/option/screensaver')).set(auth()).expect(200)).body).toEqual({ value: 'rainbow' });
    expect((await hub.http().get(api('ledring/state')).set(auth()).expect(200)).body).toMatchObject({ screensaver: 'rainbow', pixels: null });
  });

  it('when it calls the hub\'s managers through getApi, then they answer it as the web API does and their events reach it, and a manager the hub lacks is refused', async () => {
    const { body: managers } = await hub.http().get(app('managers')).set(auth()).expect(200);
    const { body: hubZones } = await hub.http().get(api('zones/zone/')).set(auth()).expect(200);
    expect(managers).toEqual({
      zones: Object.values(hubZones as Record<string, { name: string }>).map((zone) => zone.name).sort(),
      hasZones: true,
      hasTeleporter: false,
      invalid: expect.stringContaining('Invalid API: homey:manager:teleporter'),
      missing: expect.stringMatching(/not found/i),
      ringEvents: [],
    });
    await hub.http().put(api('ledring/option/brightness')).set(auth()).send({ value: 0.5 }).expect(204);
    await eventually(async () => expect((await hub.http().get(app('managers')).set(auth()).expect(200)).body.ringEvents).toEqual([
      { event: 'option.update', data: { id: 'brightness', value: 0.5 } },
    ]));
    await hub.http().delete(api('ledring/option/brightness')).set(auth()).expect(204);
  });

  it('when it sends and hears radio signals and looks for BLE peripherals and neighbours, then the simulated radios carry them', async () => {
    const { body: radio } = await hub.http().post(app('radio')).set(auth()).send({}).expect(200);
    // sof (2) + 4 words of 2 pulses + eof (1), three times as the signal says.
    expect(radio.sent).toMatchObject({ frequency: '433', pulses: 11, repetitions: 3 });
    expect(radio.ring).toMatchObject({ frequency: '433', pulses: 11 });
    expect(radio.tv).toMatchObject({ frequency: 'ir', repetitions: 1 });
    expect(radio.unknown).toMatch(/has no word 2/);
    const { body: rf } = await hub.http().get(api('rf/state')).set(auth()).expect(200);
    expect(rf.lastTransmission).toMatchObject({ frequency: 'ir' });

    // A chime heard (timing off by a little) decodes by the signal's words; noise does not.
    await hub.http().post(api('rf/433/emulate')).set(auth()).send([310, 8800, 290, 910, 880, 320, 300, 900, 900, 300, 310]).expect(200);
    await hub.http().post(api('rf/433/emulate')).set(auth()).send([5000, 5000, 5000]).expect(200);
    await eventually(async () => expect((await hub.http().get(app('radio/heard')).set(auth()).expect(200)).body).toEqual([[0, 1, 0, 1]]));

    for (const advertisement of [
      { address: 'c4:7c:8d:6a:12:f3', localName: 'Flower care', rssi: -64, serviceUuids: ['fe95'] },
      { address: 'e0:11:22:33:44:55', localName: 'Door sensor', rssi: -50, serviceUuids: ['180f'] },
    ]) await hub.http().post(api('ble/simulator/advertisement')).set(auth()).send(advertisement).expect(200);
    const { body: beacons } = await hub.http().get(app('ble')).set(auth()).expect(200);
    expect(beacons).toEqual({ all: ['Door sensor', 'Flower care'], batteries: ['Door sensor'], found: 'e0:11:22:33:44:55', connect: 'BLE peripheral e0:11:22:33:44:55 is not connectable' });

    const neighbour = arpNeighbour();
    if (neighbour) await hub.http().get(app(`arp/${neighbour.ip}`)).set(auth()).expect(200, JSON.stringify(neighbour.mac));
    const { body: unknown } = await hub.http().get(app('arp/192.0.2.254')).set(auth()).expect(502);
    expect(unknown.error_description).toMatch(/No MAC address is known for 192.0.2.254/);
  });

  it('when its driver pairs with a custom view and repairs, then the screen gets the app\'s question and moves, and the app gets the answers', async () => {
    const driverId = `${uri}:doorbell`;
    // The driver's views are its app.json's: the custom `code` view's page comes from the package.
    const { body: driver } = await hub.http().get(api(`drivers/driver/${driverId}`)).set(auth()).expect(200);
    const page = `/app/${APP}/drivers/doorbell/pair/code.html`;
    expect(driver.pair).toEqual([
      { id: 'code', template: null, navigation: { prev: null, next: null }, options: {}, url: page },
      { id: 'list_devices', template: 'list_devices', navigation: { prev: null, next: 'add_devices' }, options: {}, url: null },
      { id: 'add_devices', template: 'add_devices', navigation: { prev: null, next: null }, options: {}, url: null },
    ]);
    expect(driver.repair.map((view: { id: string }) => view.id)).toEqual(['code']);
    expect((await hub.http().get(page).expect(200)).text).toBe(readFileSync(join(FIXTURE, 'drivers', 'doorbell', 'pair', 'code.html'), 'utf8'));
    const { body: pairing } = await hub.http().post(api('drivers/pairsession')).set(auth()).send({ type: 'pair', driverId }).expect(200);
    expect(pairing).toMatchObject({ views: driver.pair, viewId: 'code' });
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, 'v4');
    try {
      const screen = `homey:pairsession:${pairing.id}`;
      await client.request('subscribe', screen);
      const shown = client.next(screen, (event) => event === 'showView');
      const wrong = await hub.http().post(api(`drivers/pairsession/${pairing.id}/emit`)).set(auth()).send({ event: 'code', data: '0000' }).expect(200);
      expect(wrong.body).toEqual({ accepted: false });
      // The view's event waits for the app, which asks the screen (a question in the session's callbacks) first.
      const answered = hub.http().post(api(`drivers/pairsession/${pairing.id}/emit`)).set(auth()).send({ event: 'code', data: '1234' }).then((response) => response);
      let questionId = '';
      await eventually(async () => {
        const { body } = await hub.http().get(api(`drivers/pairsession/${pairing.id}`)).set(auth()).expect(200);
        const [asked] = Object.values(body.callbacks as Record<string, { id: string }>);
        expect(asked).toMatchObject({ event: 'confirm_code', data: { code: '1234' }, answered: false });
        questionId = asked!.id;
      });
      await hub.http().post(api(`drivers/pairsession/${pairing.id}/callback`)).set(auth()).send({ callbackId: questionId, data: true }).expect(204);
      expect((await answered).body).toEqual({ accepted: true });
      expect((await shown).data).toEqual({ viewId: 'list_devices' });
      expect((await hub.http().get(api(`drivers/pairsession/${pairing.id}`)).set(auth()).expect(200)).body.viewId).toBe('list_devices');
      // The screen moves on by itself (a custom view's Homey.showView): the session follows; the app, not listening, answers nothing.
      const emit = (data: string) => hub.http().post(api(`drivers/pairsession/${pairing.id}/emit`)).set(auth()).send({ event: 'showView', data });
      expect((await emit('add_devices').expect(200)).body).toBeNull();
      expect((await hub.http().get(api(`drivers/pairsession/${pairing.id}`)).set(auth()).expect(200)).body.viewId).toBe('add_devices');
      expect((await emit('farewell').expect(400)).body.error_description).toBe("farewell is not one of the session's views: code, list_devices, add_devices");
    } finally {
      client.close();
    }
    await hub.http().delete(api(`drivers/pairsession/${pairing.id}`)).set(auth()).expect(204);
    await eventually(() => expect(hub.hub.apps.logOf(APP).map(({ line }) => line)).toContain('Pairing ended'));

    const { body: repair } = await hub.http().post(api('drivers/pairsession')).set(auth()).send({ type: 'repair', driverId, deviceId: doorbellId }).expect(200);
    const { body: repaired } = await hub.http().post(api(`drivers/pairsession/${repair.id}/emit`)).set(auth()).send({ event: 'code' }).expect(200);
    expect(repaired).toBe('Front door');
    expect((await hub.http().get(api(`devices/device/${doorbellId}`)).set(auth()).expect(200)).body.store).toEqual({ repaired: true });
  });

  it('when it declares a widget, then the dashboards offer it while the app runs, its autocomplete answered by the app', async () => {
    const id = `${uri}:visitors`;
    const { body: widget } = await hub.http().get(api(`dashboards/appwidget/${id}`)).set(auth()).expect(200);
    expect(widget).toMatchObject({ ownerUri: uri, ownerName: 'SDK hardware', name: 'Visitors', height: 120 });
    expect(widget.settings).toEqual([
      { id: 'door', type: 'autocomplete', title: 'Door', value: null },
      { id: 'period', type: 'dropdown', title: 'Period', value: 'day', values: [{ id: 'day', title: 'Today' }, { id: 'week', title: 'This week' }] },
    ]);
    const { body: doors } = await hub.http().get(api(`dashboards/appwidget/${id}/autocomplete`)).query({ settingId: 'door', query: 'back' }).set(auth()).expect(200);
    expect(doors).toEqual([{ id: 'back', name: 'Back door' }]);
  });

  it('when the hub finds devices on its network, then the app\'s discovery strategies take theirs and its devices follow their addresses', async () => {
    const find = (result: object) => hub.http().post(api('devkit/discovery')).set(auth()).send(result).expect(200);
    await find({ type: 'mdns-sd', id: 'bridge-1', address: '192.168.1.20', port: 443, name: 'hue', protocol: 'tcp', txt: { bridgeid: '0017881', modelid: 'BSB002' } });
    await find({ type: 'mdns-sd', id: 'other', address: '192.168.1.21', name: 'hue', protocol: 'tcp', txt: { bridgeid: '99', modelid: 'LCT001' } });
    await find({ type: 'ssdp', id: 'tv', address: '192.168.1.30', headers: { st: 'urn:schemas-upnp-org:device:MediaRenderer:1', usn: 'uuid:tv-1' } });
    await find({ type: 'mac', id: 'plug', address: '192.168.1.40', mac: '00:17:88:01:02:03' });
    await find({ type: 'mac', id: 'phone', address: '192.168.1.41', mac: 'f0:18:98:01:02:03' });
    await eventually(async () => expect((await hub.http().get(app('discovery')).set(auth()).expect(200)).body).toEqual({ bridge: ['0017881'], renderer: ['uuid:tv-1'], plugs: ['00:17:88:01:02:03'] }));

    const driverId = `${uri}:bridge`;
    const { body: pairing } = await hub.http().post(api('drivers/pairsession')).set(auth()).send({ type: 'pair', driverId }).expect(200);
    const { body: found } = await hub.http().post(api(`drivers/pairsession/${pairing.id}/emit`)).set(auth()).send({ event: 'list_devices' }).expect(200);
    expect(found).toEqual([expect.objectContaining({ name: 'Bridge BSB002', data: { id: '0017881' } })]);
    const { body: bridge } = await hub.http().post(api(`drivers/pairsession/${pairing.id}/device`)).set(auth()).send(found[0]).expect(200);
    const address = async () => (await hub.http().get(api(`devices/device/${bridge.id}`)).set(auth()).expect(200)).body.store.address;
    await eventually(async () => expect(await address()).toBe('192.168.1.20'));
    await find({ type: 'mdns-sd', id: 'bridge-1', address: '192.168.1.25', port: 443, name: 'hue', protocol: 'tcp', txt: { bridgeid: '0017881', modelid: 'BSB002' } });
    await eventually(async () => expect(await address()).toBe('192.168.1.25'));
  });

  it('when it keeps a log, an image and a warning, then insights, images and the device show them, and uninstalling takes them away', async () => {
    const { body: visitors } = await hub.http().post(app('visitors')).set(auth()).send({}).expect(200);
    expect(visitors.logs).toEqual([{ name: 'visitors', options: { title: 'Visitors', type: 'number', units: 'people', decimals: 0 } }]);
    expect(visitors.twice).toMatch(/has a log visitors already/);
    expect(visitors.wrong).toMatch(/holds numbers/);
    const { body: log } = await hub.http().get(api(`insights/log/${uri}:visitors`)).set(auth()).expect(200);
    expect(log).toMatchObject({ ownerUri: uri, ownerName: 'SDK hardware', title: 'Visitors', units: 'people', lastValue: 5 });

    const { body: snapshot } = await hub.http().post(app('snapshot')).set(auth()).send({}).expect(200);
    expect(snapshot.same).toBe(true);
    const { body: picture } = await hub.http().get(api(`images/image/${snapshot.id}/image`)).set(auth()).buffer(true).expect(200).expect('Content-Type', /^image\/png/);
    expect(Buffer.compare(picture, readFileSync(join(FIXTURE, 'assets', 'picture.png')))).toBe(0);
    await hub.http().put(app('warning')).set(auth()).send({ message: 'Battery low' }).expect(204);
    const { body: doorbell } = await hub.http().get(api(`devices/device/${doorbellId}`)).set(auth()).expect(200);
    expect(doorbell).toMatchObject({
      warningMessage: 'Battery low',
      images: [{ type: 'camera', id: 'front', title: 'Front door', imageObj: { id: snapshot.id } }, { type: 'media', id: 'albumart', imageObj: { id: snapshot.cover } }],
    });
    const drawn = await hub.http().get(api(`images/image/${snapshot.drawn}/image`)).set(auth()).buffer(true).expect(200).expect('Content-Type', /^image\/svg\+xml/);
    expect(drawn.text ?? String(drawn.body)).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await hub.http().get(api(`images/image/${snapshot.cover}`)).set(auth()).expect(200)).body.url).toBe('https://example.com/cover.jpg');
    await hub.http().get(api(`images/image/${snapshot.cover}/image`)).set(auth()).expect(404);
    await hub.http().put(app('warning')).set(auth()).send({}).expect(204);
    expect((await hub.http().get(api(`devices/device/${doorbellId}`)).set(auth()).expect(200)).body.warningMessage).toBeNull();
    // A refresh asks the app, which reads its source again.
    await hub.http().post(api(`images/image/${snapshot.id}/refresh`)).set(auth()).send({}).expect(200);

    // Its owner token reaches the hub's web API; it answers what the hub holds.
    const { body: zones } = await hub.http().get(app('zones')).set(auth()).expect(200);
    const { body: hubZones } = await hub.http().get(api('zones/zone/')).set(auth()).expect(200);
    expect(zones).toEqual({ names: Object.values(hubZones as Record<string, { name: string }>).map((zone) => zone.name).sort(), sameHost: true });
    const tokens = () => hub.hub.store.values('session').filter((session) => session.clientName === uri);
    expect(tokens()).toHaveLength(1);

    // Unpaired, its driver's onUnpair answers the unpair view of app.json, and the device hears it is deleted and uninitialized.
    const { body: unpair } = await hub.http().post(api('drivers/pairsession')).set(auth()).send({ type: 'unpair', driverId: `${uri}:doorbell`, deviceId: doorbellId }).expect(200);
    // Its custom view's page is served from the driver's unpair/ folder.
    await hub.http().get(unpair.views[0].url).expect(200, /<button id="farewell">/);
    const { body: unknown } = await hub.http().post(api(`drivers/pairsession/${unpair.id}/emit`)).set(auth()).send({ event: 'wave' }).expect(502);
    expect(unknown).toMatchObject({ error: 'app_error', error_description: 'SDK hardware: The driver doorbell does not handle the pairing event wave' });
    const { body: farewell } = await hub.http().post(api(`drivers/pairsession/${unpair.id}/emit`)).set(auth()).send({ event: 'farewell' }).expect(200);
    expect(farewell).toBe('Goodbye, Front door');
    await hub.http().delete(api(`drivers/pairsession/${unpair.id}/device`)).set(auth()).expect(204);
    await eventually(() => expect(hub.hub.apps.logOf(APP).map(({ line }) => line)).toEqual(expect.arrayContaining(['Unpairing Front door', 'Front door deleted', 'Front door uninitialized'])));
    await hub.http().get(api(`devices/device/${doorbellId}`)).set(auth()).expect(404);

    // Its screensaver, chosen, goes with it: the ring falls back to its own.
    await hub.http().post(app('screensaver')).set(auth()).send({}).expect(200);
    await hub.http().put(api('ledring/option/screensaver')).set(auth()).send({ value: `${uri}:waves` }).expect(204);

    await hub.http().post(api('devkit/app')).set(auth()).send({ manifest: { id: APP } }).expect(200);
    await hub.http().delete(api(`devkit/app/${sessionId}`)).set(auth()).expect(204);
    await hub.http().get(api(`insights/log/${uri}:visitors`)).set(auth()).expect(404);
    await hub.http().get(api(`images/image/${snapshot.id}`)).set(auth()).expect(404);
    await hub.http().get(api(`dashboards/appwidget/${uri}:visitors`)).set(auth()).expect(404);
    expect(tokens()).toEqual([]);
    expect((await hub.http().get(api('ledring/option/screensaver')).set(auth()).expect(200)).body).toEqual({ value: 'rainbow' });
    expect(Object.keys((await hub.http().get(api('ledring/screensaver')).set(auth()).expect(200)).body)).not.toContain(`${uri}:waves`);
  });
});
