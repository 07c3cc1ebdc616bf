import { randomBytes } from 'node:crypto';
import type { Hub, HubCore } from '../core/context.js';
import type { CapabilityValue } from '../drivers/capabilities.js';
import { addPairedDevice } from '../drivers/paired-devices.js';
import { answerCallback, emitEvent, openSession } from '../drivers/pairing.js';
import { updateDevice } from '../devices/lifecycle.js';
import { commission, interview, makeDevice, powerUp } from '../matter/commissioning.js';
import { nodeDataId } from '../radios/network.js';
import type { RadioId } from '../radios/profiles.js';
import { encode433 } from '../rf/devices.js';
import { emulate, record } from '../rf/transceiver.js';
import { setDataset } from '../thread/border-router.js';

type RadioDevice = [radio: RadioId, driver: string, name: string, zone: string, report: Record<string, CapabilityValue>];

/** The demo home's radio hardware: nodes on its Zigbee and Z-Wave networks, each paired as a device of its zone. */
const radioDevices: RadioDevice[] = [
  ['zigbee', 'light', 'Reading lamp', 'Living room', { onoff: false, dim: 0.6, light_temperature: 0.4 }],
  ['zigbee', 'temperature', 'Kitchen climate', 'Kitchen', { measure_temperature: 20.7, measure_humidity: 56, measure_battery: 88 }],
  ['zigbee', 'contact', 'Back door', 'Kitchen', { alarm_contact: false, measure_battery: 93 }],
  ['zwave', 'thermostat', 'Bathroom radiator', 'Bathroom', { target_temperature: 22, measure_temperature: 21.4 }],
  ['zwave', 'thermostat', 'Hallway radiator', 'Hallway', { target_temperature: 19, measure_temperature: 18.7 }],
  ['zwave', 'lock', 'Back door lock', 'Kitchen', { locked: true, measure_battery: 84 }],
];

/** A 433 MHz doorbell remote's button as the hub recorded it. */
const DOORBELL_PULSES = encode433([1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 1, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1]);
const DEMO_PIN = '40731';

/**
 * Pairs one node as a real user would: a pair session's search opens the network, the hardware joins and is
 * interviewed (long ago, so at once here), the search offers it, a PIN is entered when the driver asks for one,
 * and adding it makes the device; the hardware's first report gives its values.
 */
function pairNode(hub: HubCore & Pick<Hub, 'radios'>, [radio, driverName, name, zoneName, report]: RadioDevice, zones: ReadonlyMap<string, string>): void {
  const net = hub.radios.network(radio);
  const zoneId = zones.get(zoneName);
  const session = openSession(hub, { type: 'pair', driverId: `homey:manager:vdevice:${driverName}`, ...(zoneId ? { zoneId } : {}) });
  emitEvent(hub, session, 'list_devices');
  const node = net.finishInterview(net.join(driverName, {}).id);
  const found = emitEvent(hub, session, 'list_devices').find((candidate) => candidate.data.id === nodeDataId(radio, node.id))!;
  const asked = hub.store.get('pairsession', session.id)!;
  for (const callback of Object.values(asked.callbacks)) answerCallback(hub, asked, callback.id, DEMO_PIN);
  addPairedDevice(hub, hub.store.get('pairsession', session.id)!, { name, data: found.data });
  hub.store.remove('pairsession', session.id);
  net.report(node.id, report);
}

/** An operational dataset as a border router forms one: its own PAN ids and network key, channel 15, name Homey Demo. */
function newDataset(): string {
  const tlv = (type: number, value: Buffer) => Buffer.concat([Buffer.from([type, value.length]), value]).toString('hex');
  return [
    tlv(0x0e, Buffer.from('0000000000010000', 'hex')),
    tlv(0x00, Buffer.from([0, 0, 15])),
    tlv(0x35, Buffer.from([0x00, 0x04, 0x00, 0x1f, 0xff, 0xe0])),
    tlv(0x02, randomBytes(8)),
    tlv(0x07, Buffer.concat([Buffer.from([0xfd]), randomBytes(7)])),
    tlv(0x05, randomBytes(16)),
    tlv(0x03, Buffer.from('Homey Demo')),
    tlv(0x01, randomBytes(2)),
    tlv(0x04, randomBytes(16)),
    tlv(0x0c, Buffer.from([0x02, 0xa0, 0xf7, 0xf8])),
  ].join('');
}

/** A Matter bulb on the demo's Thread network, commissioned, interviewed and made a device of the hallway. */
function commissionBulb(hub: HubCore & Pick<Hub, 'radioChanges'>, zones: ReadonlyMap<string, string>): void {
  const { pairingCode } = powerUp(hub, {
    productName: 'Essentials A19', vendorName: 'Nanoleaf', kind: 'light', transport: 'thread', testCertificate: false,
    softwareVersion: 3, latestSoftwareVersion: 4, otherFabrics: ['Apple Home'],
  });
  const node = interview(hub, commission(hub, pairingCode).id);
  const { deviceId } = makeDevice(hub, node.id);
  const device = hub.store.get('device', deviceId)!;
  const zone = zones.get('Hallway');
  hub.store.save('device', updateDevice(hub, device, { name: 'Hallway pendant', ...(zone ? { zone } : {}) }));
}

/**
 * The demo home's radios, seeded once (a later start, or a second call, changes nothing): Zigbee and Z-Wave
 * networks whose nodes are devices of the home, a Thread network with a Matter bulb on it, and a recorded
 * 433 MHz doorbell remote. Zones are found by name; a device whose zone is gone goes to the root zone.
 */
export function seedDemoRadios(hub: HubCore & Pick<Hub, 'radioChanges' | 'radios' | 'rf'>): void {
  if (hub.settings.get('demoRadiosSeeded')) return;
  hub.store.transaction(() => {
    const zones = new Map(hub.store.values('zone').map((zone) => [zone.name, zone.id]));
    for (const device of radioDevices) pairNode(hub, device, zones);
    for (const radio of ['zigbee', 'zwave'] as const) hub.radios.network(radio).permitJoin(0);
    setDataset(hub, newDataset());
    commissionBulb(hub, zones);
    void record(hub, '433', 10_000);
    emulate(hub, '433', DOORBELL_PULSES);
    hub.settings.set('demoRadiosSeeded', true);
  });
}
