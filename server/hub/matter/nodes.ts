import { randomInt } from 'node:crypto';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { HubCore } from '../core/context.js';
import { threadRunning } from '../thread/border-router.js';
import { parseDataset } from '../thread/dataset.js';
import { requireNode, type MatterNode } from './commissioning.js';

const MATTER_PORT = 5540;
/** The fabrics a device can belong to at once (the hub's own and four other ecosystems). */
const MAX_FABRICS = 5;
const iso = (hub: HubCore, offsetMs = 0) => new Date(hub.now() + offsetMs).toISOString();

/** The node made into this device, or a 404. */
export function nodeOfDevice(hub: HubCore, deviceId: string): MatterNode {
  const node = hub.store.values('matternode').find((candidate) => candidate.deviceId === deviceId);
  if (!node) throw notFound(`Matter device ${deviceId}`);
  return node;
}

export function attributes(hub: HubCore, id: string): Record<string, Record<string, Record<string, unknown>>> {
  const node = requireNode(hub, id);
  if (!node.interviewed) return {};
  const device = node.deviceId ? hub.store.get('device', node.deviceId) : undefined;
  const value = (capability: string) => device?.capabilitiesObj[capability]?.value ?? null;
  const application: Record<string, Record<string, unknown>> = { onOff: { onOff: value('onoff') === true } };
  if (node.kind === 'light') application.levelControl = { currentLevel: Math.round(Number(value('dim') ?? 1) * 254) };
  return {
    '0': { basicInformation: { vendorName: node.vendorName, productName: node.productName, softwareVersion: node.softwareVersion, serialNumber: node.serialNumber } },
    '1': application,
  };
}

export function removeFabric(hub: HubCore, node: MatterNode, fabricIndex: number): void {
  const fabric = node.fabrics.find((candidate) => candidate.fabricIndex === fabricIndex);
  if (!fabric) throw notFound(`Fabric ${fabricIndex} of ${node.name}`);
  if (fabric.own) throw conflict('The hub’s own fabric is left by removing the node (deleteMatterNode)');
  hub.store.save('matternode', { ...node, fabrics: node.fabrics.filter((candidate) => candidate !== fabric) });
}

export function resolveAddress(hub: HubCore, id: string) {
  const node = requireNode(hub, id);
  const hex = node.id.replace(/-/g, '');
  return { addresses: [`fd00::${hex.slice(0, 4)}:${hex.slice(4, 8)}`], port: MATTER_PORT };
}

export function touch(hub: HubCore, id: string): MatterNode {
  return hub.store.save('matternode', { ...requireNode(hub, id), lastSeen: iso(hub) });
}

/** A Wi-Fi node is reached over the LAN; a Thread node only while the hub's Thread network runs. */
const reachable = (hub: HubCore, node: MatterNode) => node.transport === 'wifi' || threadRunning(hub);

export function ping(hub: HubCore, id: string) {
  const node = requireNode(hub, id);
  if (!reachable(hub, node)) return { reachable: false, roundTripMs: null };
  return { reachable: true, roundTripMs: touch(hub, id).transport === 'thread' ? 40 : 8 };
}

export function availableUpdate(hub: HubCore, id: string) {
  const { softwareVersion, latestSoftwareVersion } = requireNode(hub, id);
  return { currentVersion: softwareVersion, availableVersion: latestSoftwareVersion > softwareVersion ? latestSoftwareVersion : null };
}

export function installUpdate(hub: HubCore, id: string, softwareVersion: number): MatterNode {
  const node = requireNode(hub, id);
  if (node.latestSoftwareVersion <= node.softwareVersion) throw conflict(`${node.name} runs the latest firmware (${node.softwareVersion})`);
  if (softwareVersion !== node.latestSoftwareVersion) throw badRequest(`Version ${softwareVersion} is not offered for ${node.name}: ${node.latestSoftwareVersion} is`);
  return hub.store.save('matternode', { ...node, softwareVersion, lastSeen: iso(hub) });
}

export function diagnosticReport(hub: HubCore, id: string) {
  const node = requireNode(hub, id);
  return {
    nodeId: node.id, generatedAt: iso(hub), transport: node.transport, reachable: reachable(hub, node), softwareVersion: node.softwareVersion,
    endpoints: node.endpoints.length, fabrics: node.fabrics.length, deviceId: node.deviceId, lastSeen: node.lastSeen,
  };
}

export function threadNetwork(hub: HubCore, id: string) {
  const node = requireNode(hub, id);
  if (node.transport !== 'thread') throw conflict(`${node.name} uses Wi-Fi, not Thread`);
  const dataset = hub.settings.get<string>('thread.dataset');
  if (!dataset) throw conflict('The Thread network has no active dataset: set one in the Thread manager');
  return { ...parseDataset(dataset), role: node.routing ? 'router' : 'child' };
}

export function wifiNetwork(hub: HubCore, id: string) {
  const node = requireNode(hub, id);
  if (node.transport !== 'wifi') throw conflict(`${node.name} uses Thread, not Wi-Fi`);
  return { ssid: node.ssid ?? null };
}

type CommissioningWindow = { pairingCode: string; expiresAt: string };
const WINDOWS = 'matter.windows';
/** The windows still open, by node id (one that expired on the hub clock is closed). */
function openWindows(hub: HubCore): Map<string, CommissioningWindow> {
  const stored = Object.entries(hub.settings.get<Record<string, CommissioningWindow>>(WINDOWS) ?? {});
  return new Map(stored.filter(([, window]) => Date.parse(window.expiresAt) > hub.now()));
}
const saveWindows = (hub: HubCore, windows: Map<string, CommissioningWindow>) => hub.settings.set(WINDOWS, Object.fromEntries(windows));

/**
 * Opens a window in which another ecosystem may commission the device too (multi-admin): its pairing code is good
 * once, until the time-out. A device has one window at a time: another one replaces it only with revokeExisting.
 */
export function openWindow(hub: HubCore, deviceId: string, timeoutSeconds: number, revokeExisting: boolean): CommissioningWindow {
  const node = nodeOfDevice(hub, deviceId);
  const windows = openWindows(hub);
  if (windows.has(node.id) && !revokeExisting) throw conflict(`A commissioning window of ${node.name} is open until ${windows.get(node.id)!.expiresAt}: revoke it to open another`);
  const window = { pairingCode: String(randomInt(10_000_000_000, 99_999_999_999)), expiresAt: iso(hub, timeoutSeconds * 1000) };
  saveWindows(hub, windows.set(node.id, window));
  return window;
}

/** The simulator: another controller commissions a device through its open window, which adds its fabric and closes the window. */
export function joinFabric(hub: HubCore, pairingCode: string, label: string): MatterNode {
  const windows = openWindows(hub);
  const nodeId = [...windows].find(([, window]) => window.pairingCode === pairingCode)?.[0];
  if (nodeId === undefined) throw notFound(`An open commissioning window with pairing code ${pairingCode}`);
  const node = requireNode(hub, nodeId);
  if (node.fabrics.length >= MAX_FABRICS) throw conflict(`${node.name} belongs to ${MAX_FABRICS} fabrics already: remove one first`);
  windows.delete(nodeId);
  saveWindows(hub, windows);
  const fabricIndex = Math.max(...node.fabrics.map((fabric) => fabric.fabricIndex)) + 1;
  return hub.store.save('matternode', { ...node, fabrics: [...node.fabrics, { fabricIndex, label, own: false }], lastSeen: iso(hub) });
}
