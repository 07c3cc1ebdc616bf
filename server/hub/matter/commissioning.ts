import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/matter.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { hubOption } from '../core/options.js';
import { radioChanged } from '../radios/changes.js';
import { buildDevice } from '../devices/device.js';
import { findDriver, VDEVICE_OWNER } from '../drivers/catalogue.js';
import { threadRunning } from '../thread/border-router.js';
import { rootZone } from '../zones/api.js';

export type MatterNode = components['schemas']['MatterNode'];
type SimulatedDevice = components['schemas']['SimulatedDevice'];
type PaaSettings = components['schemas']['PaaSettingsOption']['value'];

const OWN_FABRIC = { fabricIndex: 1, label: 'Homey', own: true };
const driverOf = { light: 'light', plug: 'socket' } as const;
const iso = (hub: HubCore) => new Date(hub.now()).toISOString();

const pending = (hub: HubCore) => hub.settings.get<Record<string, SimulatedDevice>>('matter.pending') ?? {};
/** Which attestation certificates commissioning accepts; announced as `option.update` like every option. */
export const paaSettingsOption = hubOption<PaaSettings>('matter', 'paaSettings', () => ({ allowTestCertificates: false }));
export const paaSettings = paaSettingsOption.get;

export function matterState(hub: HubCore) {
  return {
    fabricId: hub.settings.getOrCreate('matter.fabricId', () => randomBytes(8).toString('hex')),
    nodeCount: hub.store.count('matternode'),
    commissionable: Object.keys(pending(hub)).length,
    paaCertsUpdatedAt: hub.settings.get<string>('matter.paaCertsUpdatedAt') ?? null,
  };
}

export function updatePaaCerts(hub: HubCore & Pick<Hub, 'radioChanges'>) {
  const updatedAt = iso(hub);
  hub.settings.set('matter.paaCertsUpdatedAt', updatedAt);
  radioChanged(hub, 'matter');
  return { updatedAt };
}

const newPairingCode = () => String(randomInt(10_000_000_000, 99_999_999_999));

/** A simulated device powers up and advertises for commissioning under a fresh pairing code. */
export function powerUp(hub: HubCore & Pick<Hub, 'radioChanges'>, device: SimulatedDevice) {
  const pairingCode = newPairingCode();
  hub.settings.set('matter.pending', { ...pending(hub), [pairingCode]: device });
  radioChanged(hub, 'matter');
  return { pairingCode };
}

/** Joins the advertising device with this pairing code to the hub's fabric as a new node. */
export function commission(hub: HubCore, pairingCode: string): MatterNode {
  const waiting = pending(hub);
  if (!Object.hasOwn(waiting, pairingCode)) throw notFound(`A device advertising pairing code ${pairingCode}`);
  const device = waiting[pairingCode]!;
  if (device.testCertificate && !paaSettings(hub).allowTestCertificates) {
    throw badRequest(`${device.productName} attests with a test certificate: allow test certificates in the paaSettings option first`);
  }
  if (device.transport === 'thread' && !threadRunning(hub)) {
    throw conflict(`${device.productName} joins over Thread, and the hub's Thread network is not running: set its active dataset (Thread manager) first`);
  }
  const rest = { ...waiting };
  delete rest[pairingCode];
  hub.settings.set('matter.pending', rest);
  const softwareVersion = device.softwareVersion ?? 1;
  const node: MatterNode = {
    id: randomUUID(),
    name: device.productName,
    vendorName: device.vendorName,
    productName: device.productName,
    kind: device.kind,
    transport: device.transport,
    routing: device.transport === 'thread' && device.kind === 'plug',
    ...(device.transport === 'wifi' ? { ssid: device.ssid ?? 'Home' } : {}),
    softwareVersion,
    latestSoftwareVersion: Math.max(softwareVersion, device.latestSoftwareVersion ?? softwareVersion),
    serialNumber: `SIM-${pairingCode.slice(-6)}`,
    commissionedAt: iso(hub),
    interviewed: false,
    endpoints: [],
    fabrics: [OWN_FABRIC, ...(device.otherFabrics ?? []).map((label, n) => ({ fabricIndex: n + 2, label, own: false }))],
    deviceId: null,
    lastSeen: iso(hub),
  };
  return hub.store.insert('matternode', node);
}

const requireNode = (hub: HubCore, id: string) => hub.store.require('matternode', id, 'Matter node');
export { requireNode };

/** Reads the node's endpoints and their clusters. */
export function interview(hub: HubCore, id: string): MatterNode {
  const node = requireNode(hub, id);
  const root = { id: 0, deviceType: 'RootNode', clusters: ['BasicInformation', 'GeneralCommissioning', 'OperationalCredentials', node.transport === 'thread' ? 'ThreadNetworkDiagnostics' : 'WiFiNetworkDiagnostics'] };
  const application = node.kind === 'light'
    ? { id: 1, deviceType: 'DimmableLight', clusters: ['Identify', 'Groups', 'OnOff', 'LevelControl'] }
    : { id: 1, deviceType: 'OnOffPlugInUnit', clusters: ['Identify', 'OnOff', 'ElectricalPowerMeasurement'] };
  return hub.store.save('matternode', { ...node, interviewed: true, endpoints: [root, application], lastSeen: iso(hub) });
}

export function basicInfo(hub: HubCore, id: string) {
  const { vendorName, productName, softwareVersion, serialNumber } = requireNode(hub, id);
  return { vendorName, productName, softwareVersion, serialNumber };
}

/** Makes the home's device of an interviewed node: a light or a socket whose data names the node. */
export function makeDevice(hub: HubCore, id: string) {
  const node = requireNode(hub, id);
  if (!node.interviewed) throw conflict(`Interview ${node.name} first`);
  if (node.deviceId && hub.store.get('device', node.deviceId)) throw conflict(`${node.name} is already a device`);
  const driver = findDriver(`${VDEVICE_OWNER}:${driverOf[node.kind]}`)!;
  const home = rootZone(hub.store)!;
  const device = hub.store.insert('device', buildDevice({ driver, name: node.name, zone: home.id, zoneName: home.name, data: { id: `matter:${node.id}` } }, iso(hub)));
  hub.store.save('matternode', { ...node, deviceId: device.id });
  return { deviceId: device.id };
}

/** A node removed from the fabric leaves its device unavailable. */
export function forgetNode(hub: HubCore, node: MatterNode): void {
  const device = node.deviceId ? hub.store.get('device', node.deviceId) : undefined;
  if (device) hub.store.save('device', { ...device, available: false, unavailableMessage: 'The Matter node was removed from the hub' });
}
