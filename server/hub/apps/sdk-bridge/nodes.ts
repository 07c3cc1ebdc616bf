import { badRequest, notFound } from '../../../http/errors.js';
import type { Hub } from '../../core/context.js';
import type { CapabilityValue } from '../../drivers/capabilities.js';
import { onRadioChange } from '../../radios/changes.js';
import { changeReports, commandClassesOf, runCommand } from '../../radios/command-classes.js';
import { nodeDataId } from '../../radios/network.js';
import { nodeValues, type NodeAttribute, type RadioNode } from '../../radios/node.js';
import { profileOf, type RadioId } from '../../radios/profiles.js';
import { appUri } from '../app-record.js';
import type { SdkRequests } from './requests.js';


/**
 * The Zigbee Cluster Library side (zcl.ts with zigbee-clusters, whose 1,300 frame classes are about 4 MB of the
 * hub's heap), loaded when an app first asks for a Zigbee node: an app holds a Zigbee node only after that.
 */
let zcl: typeof import('../../radios/zcl.js') | undefined;
const loadZcl = async () => (zcl ??= await import('../../radios/zcl.js'));

const nodesOf = (hub: Hub, radio: RadioId) => hub.radios.network(radio).state().nodes;

/** What changed on a held node since its apps last heard (a report, a user or flow setting its device) goes out as the radio sends it. */
function tellChanges(hub: Hub, radio: RadioId): void {
  for (const held of hub.sdkBridge.nodes?.nodes.values() ?? []) {
    const node = held.radio === radio ? nodesOf(hub, radio)[held.nodeId] : undefined;
    if (!node || node.status !== 'ready') continue;
    const now = nodeValues(node);
    const changed = Object.fromEntries(Object.entries(now).filter(([capability, value]) => held.heard[capability] !== value));
    held.heard = now;
    if (Object.keys(changed).length === 0) continue;
    const messages = radio === 'zigbee'
      ? zcl!.reportFrames(node, changed).map(({ endpointId, clusterId, frame }) => ({ type: 'zigbee.frame', nodeId: node.id, endpointId, clusterId, frame: [...frame] }))
      : changeReports(node, changed).map((report) => ({ type: 'zwave.report', nodeId: Number(node.id), ...report }));
    for (const appId of held.apps) for (const message of messages) hub.apps.tellSdkApps(appId, message);
  }
}

function hold(hub: Hub, appId: string, radio: RadioId, node: RadioNode): void {
  const state = hub.sdkBridge;
  let held = state.nodes;
  if (!held) {
    const stop = onRadioChange(hub, (manager) => (manager === 'zigbee' || manager === 'zwave') && tellChanges(hub, manager));
    state.nodes = held = { nodes: new Map(), stop };
  }
  const key = `${radio}:${node.id}`;
  const entry = held.nodes.get(key) ?? held.nodes.set(key, { radio, nodeId: node.id, apps: new Set(), heard: nodeValues(node) }).get(key)!;
  entry.apps.add(appId);
}

/** An app that stopped holds no nodes; the hub stops following the radios when no app does. */
export function releaseNodes(hub: Hub, appId: string): void {
  const held = hub.sdkBridge.nodes;
  if (!held) return;
  for (const [key, entry] of held.nodes) {
    entry.apps.delete(appId);
    if (entry.apps.size === 0) held.nodes.delete(key);
  }
  if (held.nodes.size > 0) return;
  held.stop();
  hub.sdkBridge.nodes = undefined;
}

const listOf = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

/** Whether a driver's app.json `zigbee` or `zwave` section names this node's make and model. */
function manifestMatches(radio: RadioId, node: RadioNode, manifest: Record<string, unknown>): boolean {
  if (radio === 'zigbee') {
    return listOf(manifest.manufacturerName).includes(node.manufacturer) && listOf(manifest.productId).includes(node.model);
  }
  const ids = profileOf(radio, node.driver)?.zwave;
  return Boolean(ids) && listOf(manifest.manufacturerId).includes(ids!.manufacturerId)
    && listOf(manifest.productTypeId).includes(ids!.productTypeId) && listOf(manifest.productId).includes(ids!.productId);
}

/**
 * A device's node: the node its data names (`data.id` is the node id, or `<radio>:<node id>` as the hub's own radio
 * devices have it), else the first interviewed node its driver's app.json section matches. The device must be the
 * app's own, and what it holds is read from the hub's records, never taken from the app's word.
 */
function findNode(hub: Hub, appId: string, radio: RadioId, deviceId: unknown): RadioNode {
  const device = typeof deviceId === 'string' ? hub.store.get('device', deviceId) : undefined;
  if (!device || device.ownerUri !== appUri(appId)) throw notFound(`Device ${String(deviceId)} of this app`);
  const driverId = device.driverId.slice(device.driverId.lastIndexOf(':') + 1);
  const manifest = hub.apps.packages.get(appId)?.manifest.drivers.find((candidate) => candidate.id === driverId)?.[radio];
  const nodes = Object.values(nodesOf(hub, radio)).filter((node) => node.status === 'ready');
  const named = device.data.id;
  const byData = nodes.find((node) => named === node.id || named === nodeDataId(radio, node.id));
  const byManifest = manifest && nodes.find((node) => manifestMatches(radio, node, manifest));
  const node = byData ?? byManifest;
  if (!node) throw notFound(`No interviewed ${radio === 'zigbee' ? 'Zigbee' : 'Z-Wave'} node for device ${device.name}: its data.id names none, and its driver's app.json ${radio} section matches none`);
  return node;
}

/** A node the app holds (it asked getNode for it), as it is now. */
function heldNode(hub: Hub, appId: string, radio: RadioId, nodeId: unknown): RadioNode {
  const key = `${radio}:${String(nodeId)}`;
  const node = nodesOf(hub, radio)[String(nodeId)];
  if (!hub.sdkBridge.nodes?.nodes.get(key)?.apps.has(appId) || !node) throw notFound(`${radio === 'zigbee' ? 'Zigbee' : 'Z-Wave'} node ${String(nodeId)} (get it with getNode first)`);
  return node;
}

const byteList = (value: unknown, what: string): number[] => {
  if (!Array.isArray(value) || !value.every((byte) => Number.isInteger(byte) && byte >= 0 && byte <= 255)) throw badRequest(`${what} is a list of bytes`);
  return value as number[];
};

/** What an app's command changes on the node: its values, as the node's report, and what it keeps beyond them. */
const updates = (hub: Hub, radio: RadioId, node: RadioNode) => ({
  set: (changes: Record<string, CapabilityValue>) => void hub.radios.network(radio).report(node.id, changes),
  remember: (attributes: Record<string, NodeAttribute>) => void hub.radios.network(radio).remember(node.id, attributes),
});

async function sendFrame(hub: Hub, appId: string, args: Record<string, unknown>) {
  const node = heldNode(hub, appId, 'zigbee', args.nodeId);
  if (!Number.isInteger(args.endpointId) || !Number.isInteger(args.clusterId)) throw badRequest('sendFrame takes the endpoint and cluster ids');
  const sent = { endpointId: args.endpointId as number, clusterId: args.clusterId as number, frame: Buffer.from(byteList(args.frame, 'A frame')) };
  const answers = await (await loadZcl()).exchangeFrame(node, sent, updates(hub, 'zigbee', node));
  for (const { endpointId, clusterId, frame } of answers) hub.apps.tellSdkApps(appId, { type: 'zigbee.frame', nodeId: node.id, endpointId, clusterId, frame: [...frame] });
}

function sendCommand(hub: Hub, appId: string, args: Record<string, unknown>) {
  const node = heldNode(hub, appId, 'zwave', args.nodeId);
  if (!Number.isInteger(args.commandClassId) || !Number.isInteger(args.commandId)) throw badRequest('sendCommand takes the command class and command ids');
  const params = Array.isArray(args.params) ? byteList(args.params, 'The parameters') : (args.params ?? {}) as Record<string, unknown>;
  return runCommand(node, { commandClassId: args.commandClassId as number, commandId: args.commandId as number, params }, updates(hub, 'zwave', node));
}

export const nodeRequests: SdkRequests = {
  'zigbee.getNode': async (hub, appId, args) => {
    const { endpointDescriptors } = await loadZcl();
    const node = findNode(hub, appId, 'zigbee', args.deviceId);
    hold(hub, appId, 'zigbee', node);
    // The simulated sensors are sleepy end devices on batteries; the mains-powered light routes and listens.
    const receiveWhenIdle = !node.endpoints.includes('powerConfiguration');
    return { nodeId: node.id, manufacturerName: node.manufacturer ?? '', productId: node.model ?? '', receiveWhenIdle, endpointDescriptors: endpointDescriptors(node) };
  },
  'zigbee.sendFrame': sendFrame,
  'zwave.getNode': (hub, appId, args) => {
    const node = findNode(hub, appId, 'zwave', args.deviceId);
    hold(hub, appId, 'zwave', node);
    const hardware = profileOf('zwave', node.driver)!.zwave!;
    const battery = node.endpoints.includes('COMMAND_CLASS_BATTERY');
    return {
      nodeId: Number(node.id), online: true, battery,
      // Battery nodes sleep, so they route no one's frames.
      deviceClassBasic: battery ? 'BASIC_TYPE_SLAVE' : 'BASIC_TYPE_ROUTING_SLAVE', deviceClassGeneric: hardware.generic, deviceClassSpecific: hardware.specific,
      manufacturerId: hardware.manufacturerId, productTypeId: hardware.productTypeId, productId: hardware.productId, firmwareId: 0,
      commandClasses: commandClassesOf(node),
    };
  },
  'zwave.sendCommand': sendCommand,
};
