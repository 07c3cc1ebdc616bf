import * as zigbeeClusters from 'zigbee-clusters';
import { BoundCluster, ZCLNode } from 'zigbee-clusters';
import type { CapabilityValue } from '../drivers/capabilities.js';
import { findDriver, VDEVICE_OWNER } from '../drivers/catalogue.js';
import type { RadioNode } from './network.js';

/**
 * The Zigbee Cluster Library side of a simulated Zigbee node: the frames an app's ZigBeeNode sends are parsed and
 * answered by zigbee-clusters (Athom's own ZCL library, the one Homey's Zigbee apps use), with the node's
 * capability values as its attributes. A command changes the node as a report of it would (Network.report).
 */

/** The one endpoint a simulated node has, as most single-function devices do. */
export const ZIGBEE_ENDPOINT = 1;

/** An attribute of a cluster the simulated nodes have, and the capability value it carries. */
interface AttributeLink {
  cluster: string;
  attribute: string;
  capability: string;
  toZcl: (value: CapabilityValue) => unknown;
  fromZcl: (value: unknown) => CapabilityValue;
}

const scaled = (cluster: string, attribute: string, capability: string, factor: number): AttributeLink => ({
  cluster, attribute, capability, toZcl: (value) => Math.round(Number(value) * factor), fromZcl: (value) => Number(value) / factor,
});

const LINKS: AttributeLink[] = [
  { cluster: 'onOff', attribute: 'onOff', capability: 'onoff', toZcl: Boolean, fromZcl: Boolean },
  scaled('levelControl', 'currentLevel', 'dim', 254),
  scaled('temperatureMeasurement', 'measuredValue', 'measure_temperature', 100),
  scaled('relativeHumidity', 'measuredValue', 'measure_humidity', 100),
  // ZCL counts the battery in half percents.
  scaled('powerConfiguration', 'batteryPercentageRemaining', 'measure_battery', 2),
  { cluster: 'occupancySensing', attribute: 'occupancy', capability: 'alarm_motion', toZcl: (value) => (value ? ['occupied'] : []), fromZcl: (value) => Boolean((value as { occupied?: boolean }).occupied) },
];

interface ClusterClass {
  ID: number;
  NAME: string;
  attributes: Record<string, { id: number }>;
  attributeArrayDataType: { toBuffer: (buffer: Buffer, value: unknown, index: number) => number };
}
/** The parts of zigbee-clusters its type declarations leave out: its cluster registry and its frame headers. */
const { Cluster, zclFrames } = zigbeeClusters as unknown as {
  Cluster: { getCluster: (idOrName: number | string) => ClusterClass | undefined };
  zclFrames: { ZCLStandardHeader: new (fields: Record<string, unknown>) => { toBuffer: () => Buffer } };
};
const clusterOf = (idOrName: number | string) => Cluster.getCluster(idOrName);

/** What a node is now: its driver's first values, then what it reported or was set to since. */
export function nodeValues(node: RadioNode): Record<string, CapabilityValue> {
  return { ...findDriver(`${VDEVICE_OWNER}:${node.driver}`)?.initial, ...node.lastReport };
}

const linksOf = (node: RadioNode) => {
  const capabilities = findDriver(`${VDEVICE_OWNER}:${node.driver}`)?.capabilities ?? [];
  return LINKS.filter((link) => node.endpoints.includes(link.cluster) && capabilities.includes(link.capability));
};

/** The node's endpoint as ZigBeeNode.endpointDescriptors holds it: the clusters it serves (those zigbee-clusters knows). */
export function endpointDescriptors(node: RadioNode) {
  const inputClusters = node.endpoints.map((name) => clusterOf(name)?.ID).filter((id): id is number => id !== undefined);
  return [{ endpointId: ZIGBEE_ENDPOINT, inputClusters, outputClusters: [] as number[] }];
}

export interface ZigbeeFrame {
  endpointId: number;
  clusterId: number;
  frame: Buffer;
}

/** The node's server side of one cluster: its linked attributes read from its values, its commands set them. */
function serverCluster(node: RadioNode, name: string, values: Record<string, CapabilityValue>, set: (changes: Record<string, CapabilityValue>) => void) {
  const server = new BoundCluster() as BoundCluster & Record<string, unknown>;
  for (const link of linksOf(node).filter((candidate) => candidate.cluster === name)) {
    Object.defineProperty(server, link.attribute, { get: () => (values[link.capability] === undefined ? undefined : link.toZcl(values[link.capability]!)) });
  }
  if (name === 'basic') Object.assign(server, { manufacturerName: node.manufacturer ?? '', modelId: node.model ?? '' });
  if (name === 'onOff') {
    Object.assign(server, {
      setOn: async () => set({ onoff: true }),
      setOff: async () => set({ onoff: false }),
      toggle: async () => set({ onoff: !values.onoff }),
    });
  }
  if (name === 'levelControl') {
    const toLevel = (withOnOff: boolean) => async ({ level }: { level: number }) => set({ dim: Math.min(level, 254) / 254, ...(withOnOff ? { onoff: level > 0 } : {}) });
    Object.assign(server, { moveToLevel: toLevel(false), moveToLevelWithOnOff: toLevel(true) });
  }
  return server;
}

/**
 * A frame an app sent the node: zigbee-clusters parses it and runs the command on the node's clusters; answers the
 * frames the node sends back (a read's response, a default response), and `set` receives the values it changed.
 */
export async function exchangeFrame(node: RadioNode, sent: ZigbeeFrame, set: (changes: Record<string, CapabilityValue>) => void): Promise<ZigbeeFrame[]> {
  const answers: ZigbeeFrame[] = [];
  const values = nodeValues(node);
  const zclNode = new ZCLNode({
    endpointDescriptors: endpointDescriptors(node),
    sendFrame: async (endpointId, clusterId, frame) => {
      answers.push({ endpointId, clusterId, frame });
    },
  });
  const endpoint = zclNode.endpoints[ZIGBEE_ENDPOINT]!;
  for (const name of node.endpoints) {
    if (clusterOf(name)) endpoint.bind(name, serverCluster(node, name, values, (changes) => {
      Object.assign(values, changes);
      set(changes);
    }));
  }
  await zclNode.handleFrame(sent.endpointId, sent.clusterId, sent.frame);
  return answers;
}

let reportSequence = 0;

/** The attribute reports (ZCL "report attributes", server to client) a node sends for the capability values that changed. */
export function attributeReports(node: RadioNode, changed: Record<string, CapabilityValue>): ZigbeeFrame[] {
  const byCluster = new Map<string, Array<{ id: number; value: unknown }>>();
  for (const link of linksOf(node)) {
    if (!Object.hasOwn(changed, link.capability)) continue;
    const attributes = byCluster.get(link.cluster) ?? byCluster.set(link.cluster, []).get(link.cluster)!;
    attributes.push({ id: clusterOf(link.cluster)!.attributes[link.attribute]!.id, value: link.toZcl(changed[link.capability]!) });
  }
  return [...byCluster].map(([name, attributes]) => {
    const cluster = clusterOf(name)!;
    const data = Buffer.alloc(255);
    const length = cluster.attributeArrayDataType.toBuffer(data, attributes, 0);
    reportSequence = (reportSequence + 1) % 256;
    const header = new zclFrames.ZCLStandardHeader({
      frameControl: ['directionToClient', 'disableDefaultResponse'], trxSequenceNumber: reportSequence, cmdId: 0x0a, data: data.subarray(0, length),
    });
    return { endpointId: ZIGBEE_ENDPOINT, clusterId: cluster.ID, frame: header.toBuffer() };
  });
}
