import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { c as createTar } from 'tar';
import type { RadioId } from '../radios/profiles.js';
import { nodeDataId } from '../radios/network.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { eventually } from './testing/eventually.js';
// After the hub's modules: the bridge's requests are part of its runtime's import cycle.
import { nodeRequests } from './sdk-bridge/nodes.js';

const APP = 'com.example.sdkradios';
const FIXTURE = join(__dirname, 'testing', 'sdk-apps', APP);
const ROOT_MODULES = join(__dirname, '..', '..', '..', 'node_modules');

/** The fixture with zigbee-clusters (and what it requires) in its node_modules, as a Zigbee app's package carries it. */
async function pack(): Promise<Buffer> {
  const folder = mkdtempSync(join(tmpdir(), 'sdkradios-'));
  cpSync(FIXTURE, folder, { recursive: true });
  for (const dependency of ['zigbee-clusters', '@athombv/data-types', 'debug', 'ms']) {
    cpSync(join(ROOT_MODULES, dependency), join(folder, 'node_modules', dependency), { recursive: true });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of createTar({ gzip: true, cwd: folder }, ['.'])) chunks.push(chunk as Buffer);
  rmSync(folder, { recursive: true });
  return Buffer.concat(chunks);
}

describe('an SDK v3 app driving Zigbee and Z-Wave nodes and BLE peripherals of the hub\'s simulated radios', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const api = (path: string) => `/api/manager/${path}`;
  const app = (path: string) => `/api/app/${APP}/${path}`;
  /** The demo home's device paired from the first node of a driver on a radio, and that node. */
  const demoDevice = (radio: RadioId, driver: string) => {
    const node = Object.values(hub.hub.radios.network(radio).state().nodes).find((candidate) => candidate.driver === driver)!;
    const device = hub.hub.store.values('device').find((candidate) => candidate.data.id === nodeDataId(radio, node.id))!;
    return { node, device };
  };
  const valueOf = async (deviceId: string, capability: string) =>
    (await hub.http().get(api(`devices/device/${deviceId}`)).set(auth()).expect(200)).body.capabilitiesObj[capability].value;
  const heardFrames = async () => ((await hub.http().get(app('bulb')).set(auth()).expect(200)).body.heard as Array<{ clusterId: number; frame: string }>).map(({ clusterId, frame }) => `${clusterId}:${frame}`);

  beforeAll(async () => {
    hub = await startTestHub();
    await hub.http().post(api('devkit/')).set(auth()).attach('app', await pack(), 'app.tar.gz').expect(200);
    await eventually(() => expect(hub.hub.apps.logOf(APP).map(({ line }) => line)).toContain('Radios app ready'));
    // The demo home has no colour lamp and no wall socket: they join the networks, as new hardware does.
    for (const [radio, driver] of [['zigbee', 'colorlight'], ['zwave', 'socket']] as const) {
      const network = hub.hub.radios.network(radio);
      network.permitJoin(60);
      network.finishInterview(network.join(driver, {}).id);
    }
    for (const driver of ['bulb', 'lock', 'colorbulb', 'contact', 'socket']) {
      const { body: pairing } = await hub.http().post(api('drivers/pairsession')).set(auth()).send({ type: 'pair', driverId: `homey:app:${APP}:${driver}` }).expect(200);
      const { body: found } = await hub.http().post(api(`drivers/pairsession/${pairing.id}/emit`)).set(auth()).send({ event: 'list_devices' }).expect(200);
      await hub.http().post(api(`drivers/pairsession/${pairing.id}/device`)).set(auth()).send(found[0]).expect(200);
    }
    await eventually(async () => {
      await hub.http().get(app('bulb')).set(auth()).expect(200);
      await hub.http().get(app('lock')).set(auth()).expect(200);
      await hub.http().get(app('contact')).set(auth()).expect(200);
    });
  });
  afterAll(() => hub.stop());

  it('when a Zigbee driver\'s device gets its node, then it is the simulated node its app.json zigbee section names, with its clusters', async () => {
    const { body } = await hub.http().get(app('bulb')).set(auth()).expect(200);
    // basic, identify, onOff, levelControl, colorControl on endpoint 1; mains powered, so it listens while idle.
    expect(body).toMatchObject({
      manufacturerName: 'IKEA of Sweden', productId: 'TRADFRI bulb E27 WS 806lm', receiveWhenIdle: true,
      endpointDescriptors: [{ endpointId: 1, inputClusters: [0x0000, 0x0003, 0x0006, 0x0008, 0x0300], outputClusters: [] }],
    });
  });

  it('when a device\'s data names a node, then getNode gives that node whatever its app.json says; another app\'s device or no node matching, then none', async () => {
    const getNode = (radio: RadioId, deviceId: string) => nodeRequests[`${radio}.getNode`]!(hub.hub, APP, { deviceId }) as { nodeId: string | number };
    const appDevice = (driver: string) => hub.hub.store.values('device').find((device) => device.driverId === `homey:app:${APP}:${driver}`)!;
    const { node: radiator, device: radiatorDevice } = demoDevice('zwave', 'thermostat');
    const lock = appDevice('lock');
    hub.hub.store.save('device', { ...lock, data: { id: nodeDataId('zwave', radiator.id) } });
    expect(getNode('zwave', lock.id)).toMatchObject({
      nodeId: Number(radiator.id), battery: true, deviceClassGeneric: 'GENERIC_TYPE_THERMOSTAT',
      commandClasses: { COMMAND_CLASS_THERMOSTAT_SETPOINT: { id: 0x43 }, COMMAND_CLASS_SENSOR_MULTILEVEL: { id: 0x31 } },
    });
    hub.hub.store.save('device', lock);
    expect(() => getNode('zwave', radiatorDevice.id)).toThrow(/Device .* of this app/);
    // The bulb driver's zigbee section names the light; no Z-Wave node is a bulb's.
    expect(() => getNode('zwave', appDevice('bulb').id)).toThrow(/No interviewed Z-Wave node for device Bulb/);
  });

  it('when the app sends the ZCL On command, then the lamp turns on, and the node answers a default response and reports its onOff attribute', async () => {
    const { device } = demoDevice('zigbee', 'light');
    expect(await valueOf(device.id, 'onoff')).toBe(false);
    await hub.http().post(app('bulb')).set(auth()).send({ on: true }).expect(204);
    expect(await valueOf(device.id, 'onoff')).toBe(true);
    await eventually(async () => {
      const heard = await heardFrames();
      // Default response (0x0b) to command 0x01, SUCCESS; a report (0x0a) of attribute 0x0000, boolean (0x10), true.
      expect(heard).toContainEqual(expect.stringMatching(/^6:18[0-9a-f]{2}0b0100$/));
      expect(heard).toContainEqual(expect.stringMatching(/^6:18[0-9a-f]{2}0a00001001$/));
    });
    // A read of the onOff attribute answers what the node is now: a read attributes response (0x01), SUCCESS, true.
    await hub.http().post(app('bulb/read')).set(auth()).send({}).expect(204);
    await eventually(async () => expect(await heardFrames()).toContainEqual(expect.stringMatching(/^6:18[0-9a-f]{2}010000001001$/)));
  });

  it('when the app toggles the lamp through zigbee-clusters\' ZCLNode, as Homey\'s Zigbee apps do, then the lamp toggles and the read answers it', async () => {
    const { device } = demoDevice('zigbee', 'light');
    const before = await valueOf(device.id, 'onoff');
    const { body } = await hub.http().post(app('bulb/toggle')).set(auth()).send({}).expect(200);
    expect(body).toEqual({ onOff: !before });
    expect(await valueOf(device.id, 'onoff')).toBe(!before);
  });

  it('when a user dims the lamp, then the app\'s node receives the Level Control report of its current level', async () => {
    const { device } = demoDevice('zigbee', 'light');
    await hub.http().put(api(`devices/device/${device.id}/capability/dim`)).set(auth()).send({ value: 0.5 }).expect(204);
    // Cluster 8, attribute 0x0000 (currentLevel), uint8 (0x20), 127 of 254.
    await eventually(async () => expect(await heardFrames()).toContainEqual(expect.stringMatching(/^8:18[0-9a-f]{2}0a0000207f$/)));
  });

  it('when the app unlocks the Z-Wave lock by its DOOR_LOCK command class, then the lock opens and the reports reach its listeners', async () => {
    const { node, device } = demoDevice('zwave', 'lock');
    const { body: before } = await hub.http().get(app('lock')).set(auth()).expect(200);
    expect(before).toMatchObject({
      nodeId: Number(node.id), online: true, battery: true, deviceClassGeneric: 'GENERIC_TYPE_ENTRY_CONTROL', manufacturerId: { value: 0x0129 }, productTypeId: { value: 0x8002 }, productId: { value: 0x0600 },
      commandClasses: ['COMMAND_CLASS_BATTERY', 'COMMAND_CLASS_DOOR_LOCK'],
    });
    expect(await valueOf(device.id, 'locked')).toBe(true);
    await hub.http().post(app('lock')).set(auth()).send({ locked: false }).expect(204);
    expect(await valueOf(device.id, 'locked')).toBe(false);
    await eventually(async () => {
      const { body } = await hub.http().get(app('lock')).set(auth()).expect(200);
      expect(body.reports).toContainEqual({ commandClass: 'COMMAND_CLASS_DOOR_LOCK', command: 'DOOR_LOCK_OPERATION_REPORT', report: { 'Door Lock Mode': 'Door Unsecured' } });
    });
  });

  it('when the app asks the lock for its battery, then BATTERY_GET answers the node\'s level', async () => {
    const { node } = demoDevice('zwave', 'lock');
    hub.hub.radios.network('zwave').report(node.id, { measure_battery: 61 });
    const { body } = await hub.http().get(app('lock/battery')).set(auth()).expect(200);
    expect(body).toEqual({ 'Battery Level': 61 });
  });

  it('when the app sets a colour lamp\'s hue and saturation, then a colour temperature, through zigbee-clusters\' Color Control, then the lamp shows them and reads them back', async () => {
    const lamp = Object.values(hub.hub.radios.network('zigbee').state().nodes).find((node) => node.driver === 'colorlight')!;
    const { body: colour } = await hub.http().post(app('colorbulb')).set(auth()).send({ hue: 127, saturation: 254 }).expect(200);
    expect(colour).toMatchObject({ currentHue: 127, currentSaturation: 254, colorMode: 'currentHueAndCurrentSaturation' });
    expect(hub.hub.radios.network('zigbee').requireNode(lamp.id).lastReport).toMatchObject({ light_hue: 0.5, light_saturation: 1, light_mode: 'color' });
    const { body: white } = await hub.http().post(app('colorbulb')).set(auth()).send({ mireds: 500 }).expect(200);
    expect(white).toMatchObject({ colorTemperatureMireds: 500, colorMode: 'colorTemperatureMireds' });
    expect(hub.hub.radios.network('zigbee').requireNode(lamp.id).lastReport).toMatchObject({ light_temperature: 1, light_mode: 'temperature' });
  });

  it('when the app enrols the door contact\'s IAS zone, then the zone is enrolled and each opening of the door reaches the app as a status change notification', async () => {
    const { node, device } = demoDevice('zigbee', 'contact');
    await eventually(async () => {
      const { body } = await hub.http().get(app('contact')).set(auth()).expect(200);
      expect(body.zone).toEqual({ zoneState: 'enrolled', zoneType: 'contactSwitch', zoneId: 21, iasCIEAddress: '00:17:88:01:0a:0b:0c:0d' });
    });
    expect(hub.hub.apps.logOf(APP).map(({ line }) => line)).toContainEqual(expect.stringContaining('Zone asks to enrol: contactSwitch'));
    hub.hub.radios.network('zigbee').report(node.id, { alarm_contact: true });
    expect(await valueOf(device.id, 'alarm_contact')).toBe(true);
    await eventually(async () => {
      const { body } = await hub.http().get(app('contact')).set(auth()).expect(200);
      expect(body).toMatchObject({ notifications: [{ open: true, zoneId: 21 }], open: true });
    });
  });

  it('when the app reads the wall socket\'s METER by scale and resets it, then it gets the power in W and the energy in kWh, and the reset\'s report', async () => {
    const socket = Object.values(hub.hub.radios.network('zwave').state().nodes).find((node) => node.driver === 'socket')!;
    hub.hub.radios.network('zwave').report(socket.id, { measure_power: 36.2, meter_power: 1.25 });
    const { body: read } = await hub.http().post(app('socket/meter')).set(auth()).send({}).expect(200);
    expect(read).toMatchObject({ power: 36.2, energy: 1.25 });
    const { body: reset } = await hub.http().post(app('socket/meter')).set(auth()).send({ reset: true }).expect(200);
    expect(reset).toMatchObject({ power: 36.2, energy: 0 });
    expect(reset.reports).toContainEqual({ command: 'METER_REPORT', scale: 0, value: 0 });
  });

  it('when the app configures the wall socket by CONFIGURATION_SET of 1, 2 and 4 bytes, then CONFIGURATION_GET reports each value; a wrong size is refused', async () => {
    for (const [parameter, size, value] of [[40, 1, 25], [42, 2, 1800], [70, 4, -2]]) {
      const { body } = await hub.http().post(app('socket/configure')).set(auth()).send({ parameter, size, value }).expect(200);
      expect(body).toEqual({ parameter, size, value });
    }
    const { body: refused } = await hub.http().post(app('socket/configure')).set(auth()).send({ parameter: 42, size: 1, value: 5 }).expect(502);
    expect(refused.error_description).toMatch(/parameter 42 is 2 byte/);
  });

  it('when the app connects to a BLE thermometer, then it discovers its GATT services, reads and renames it, and hears its notifications until it goes out of range', async () => {
    const ble = (path: string) => api(`ble/simulator/advertisement${path}`);
    await hub.http().post(ble('')).set(auth()).send({ address: 'a4:c1:38:5d:20:1e', localName: 'Thermometer', rssi: -60, serviceUuids: ['181a', '180f'], gatt: { profile: 'thermometer', temperature: 21.5, batteryLevel: 87 } }).expect(200);
    const { body } = await hub.http().post(app('thermometer')).set(auth()).send({}).expect(200);
    expect(body).toEqual({
      connectable: true,
      services: ['1800 Generic Access: 2a00 read/write', '180f Battery Service: 2a19 read/notify', '181a Environmental Sensing: 2a6e read/notify'],
      name: 'Thermometer', renamed: 'Kitchen thermometer', level: 87, celsius: 21.5, notifying: [1, 0], rssi: -60, sameWhenConnectedAgain: true,
    });
    // The simulator keeps what the app wrote.
    const { body: state } = await hub.http().get(api('ble/state')).set(auth()).expect(200);
    expect(state.advertisements['a4:c1:38:5d:20:1e']).toMatchObject({ connectable: true, gatt: { deviceName: 'Kitchen thermometer' } });
    // It measures anew: one notification for what changed (the temperature), none for the battery, which did not.
    await hub.http().post(ble('')).set(auth()).send({ address: 'a4:c1:38:5d:20:1e', localName: 'Thermometer', serviceUuids: ['181a', '180f'], gatt: { profile: 'thermometer', deviceName: 'Kitchen thermometer', temperature: 19.25, batteryLevel: 87 } }).expect(200);
    await eventually(async () => expect((await hub.http().get(app('thermometer')).set(auth()).expect(200)).body.notifications).toEqual([{ temperature: 19.25 }]));
    await hub.http().delete(ble('/a4:c1:38:5d:20:1e')).set(auth()).expect(204);
    await eventually(async () => expect((await hub.http().get(app('thermometer')).set(auth()).expect(200)).body).toEqual({ connected: false, notifications: [{ temperature: 19.25 }], disconnects: 1 }));
  });

  it('when the app connects to a BLE peripheral that only advertises, then connect refuses', async () => {
    await hub.http().post(api('ble/simulator/advertisement')).set(auth()).send({ address: 'e0:11:22:33:44:56', localName: 'Beacon' }).expect(200);
    const { body } = await hub.http().post(app('beacon')).set(auth()).send({ address: 'e0:11:22:33:44:56' }).expect(200);
    expect(body).toBe('BLE peripheral e0:11:22:33:44:56 is not connectable');
  });

  it('when the app asks a question by speech input, then ask and confirm reject: the hub has no microphone', async () => {
    const { body } = await hub.http().post(app('ask')).set(auth()).send({}).expect(200);
    expect(body.asked).toMatch(/ManagerSpeechInput\.ask\("Which lamp\?"\): this hub has no microphone/);
    expect(body.confirmed).toMatch(/ManagerSpeechInput\.confirm\("Lock the door\?"\): this hub has no microphone/);
  });
});
