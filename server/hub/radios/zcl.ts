import * as zigbeeClusters from 'zigbee-clusters';
import { ZCLNode } from 'zigbee-clusters';
import type { CapabilityValue } from '../drivers/capabilities.js';
import { findDriver, VDEVICE_OWNER } from '../drivers/catalogue.js';
import { nodeValues, type NodeAttribute, type RadioNode } from './node.js';
import { profileOf } from './profiles.js';
import { serverCluster, ZONE_ALARMS, zoneStatusOf, type NodeChanges, type NodeView } from './zcl-clusters.js';

/**
 * The Zigbee Cluster Library side of a simulated Zigbee node: the frames an app's ZigBeeNode sends are parsed and
 * answered by zigbee-clusters (Athom's own ZCL library, the one Homey's Zigbee apps use), with the node's
 * capability values as its attributes. A command changes the node as a report of it would (Network.report); what
 * it keeps beyond its values (an IAS zone's enrolment, a colour set as xy) is remembered on the node (Network.remember).
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
  scaled('colorControl', 'currentHue', 'light_hue', 254),
  scaled('colorControl', 'currentSaturation', 'light_saturation', 254),
];

/** The colour temperature between the lamp's coolest and warmest (light_temperature 0 is cool, 1 warm). */
function miredsLink(node: RadioNode): AttributeLink {
  const [coolest, warmest] = profileOf('zigbee', node.driver)?.mireds ?? [153, 500];
  return {
    cluster: 'colorControl', attribute: 'colorTemperatureMireds', capability: 'light_temperature',
    toZcl: (value) => Math.round(coolest + Number(value) * (warmest - coolest)), fromZcl: (value) => (Number(value) - coolest) / (warmest - coolest),
  };
}

interface ClusterClass {
  ID: number;
  NAME: string;
  attributes: Record<string, { id: number }>;
  attributeArrayDataType: { toBuffer: (buffer: Buffer, value: unknown, index: number) => number };
  commandsById: Record<number, Array<{ name: string; args?: new (fields: Record<string, unknown>) => { toBuffer: () => Buffer } }>>;
}
/** The parts of zigbee-clusters its type declarations leave out: its cluster registry and its frame headers. */
const { Cluster, zclFrames } = zigbeeClusters as unknown as {
  Cluster: { getCluster: (idOrName: number | string) => ClusterClass | undefined };
  zclFrames: { ZCLStandardHeader: new (fields: Record<string, unknown>) => { toBuffer: () => Buffer } };
};
const clusterOf = (idOrName: number | string) => Cluster.getCluster(idOrName);

const capabilitiesOf = (node: RadioNode) => findDriver(`${VDEVICE_OWNER}:${node.driver}`)?.capabilities ?? [];

const linksOf = (node: RadioNode) => {
  const capabilities = capabilitiesOf(node);
  return [...LINKS, miredsLink(node)].filter((link) => node.endpoints.includes(link.cluster) && capabilities.includes(link.capability));
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

/** What an exchange changes on the node: its capability values, and what it keeps beyond them. */
export interface NodeUpdates {
  set: (values: Record<string, CapabilityValue>) => void;
  remember: (attributes: Record<string, NodeAttribute>) => void;
}

let sequence = 0;

/** A frame the node sends of its own (server to client, no default response wanted): an attribute report or a cluster command. */
function nodeFrame(cluster: ClusterClass, cmdId: number, data: Buffer, clusterSpecific: boolean): ZigbeeFrame {
  sequence = (sequence + 1) % 256;
  const header = new zclFrames.ZCLStandardHeader({
    frameControl: [...(clusterSpecific ? ['clusterSpecific'] : []), 'directionToClient', 'disableDefaultResponse'], trxSequenceNumber: sequence, cmdId, data,
  });
  return { endpointId: ZIGBEE_ENDPOINT, clusterId: cluster.ID, frame: header.toBuffer() };
}

/** A cluster-specific command the node sends (IAS Zone's enroll request and status change notification). */
function commandFrame(name: string, command: string, args: Record<string, unknown>): ZigbeeFrame {
  const cluster = clusterOf(name)!;
  const [cmdId, definition] = Object.entries(cluster.commandsById).flatMap(([id, list]) => list.map((entry) => [Number(id), entry] as const)).find(([, entry]) => entry.name === command)!;
  return nodeFrame(cluster, cmdId, new definition.args!(args).toBuffer(), true);
}

/**
 * A frame an app sent the node: zigbee-clusters parses it and runs the command on the node's clusters; answers the
 * frames the node sends back (a read's or write's response, a default response, then any command it sends of its
 * own), and `updates` receives what it changed.
 */
export async function exchangeFrame(node: RadioNode, sent: ZigbeeFrame, updates: NodeUpdates): Promise<ZigbeeFrame[]> {
  const answers: ZigbeeFrame[] = [];
  const later: ZigbeeFrame[] = [];
  const view: NodeView = { node, capabilities: capabilitiesOf(node), values: nodeValues(node), attributes: { ...node.attributes } };
  const changes: NodeChanges = {
    set: (values) => {
      Object.assign(view.values, values);
      updates.set(values);
    },
    remember: (attributes) => {
      Object.assign(view.attributes, attributes);
      updates.remember(attributes);
    },
    send: (cluster, command, args) => later.push(commandFrame(cluster, command, args)),
  };
  const zclNode = new ZCLNode({
    endpointDescriptors: endpointDescriptors(node),
    sendFrame: async (endpointId, clusterId, frame) => {
      answers.push({ endpointId, clusterId, frame });
    },
  });
  const endpoint = zclNode.endpoints[ZIGBEE_ENDPOINT]!;
  const links = linksOf(node);
  for (const name of node.endpoints) {
    if (!clusterOf(name)) continue;
    const linked = Object.fromEntries(links.filter((link) => link.cluster === name).map((link) => [
      link.attribute, () => (view.values[link.capability] === undefined ? undefined : link.toZcl(view.values[link.capability]!)),
    ]));
    endpoint.bind(name, serverCluster(view, name, linked, changes));
  }
  await zclNode.handleFrame(sent.endpointId, sent.clusterId, sent.frame);
  return [...answers, ...later];
}

/**
 * What a node sends when capability values changed, whoever changed them: a report of each linked attribute (ZCL
 * Report Attributes, server to client) and, from an enrolled IAS zone whose alarm changed, a status change notification.
 */
export function reportFrames(node: RadioNode, changed: Record<string, CapabilityValue>): ZigbeeFrame[] {
  const byCluster = new Map<string, Array<{ id: number; value: unknown }>>();
  for (const link of linksOf(node)) {
    if (!Object.hasOwn(changed, link.capability)) continue;
    const attributes = byCluster.get(link.cluster) ?? byCluster.set(link.cluster, []).get(link.cluster)!;
    attributes.push({ id: clusterOf(link.cluster)!.attributes[link.attribute]!.id, value: link.toZcl(changed[link.capability]!) });
  }
  const reports = [...byCluster].map(([name, attributes]) => {
    const cluster = clusterOf(name)!;
    const data = Buffer.alloc(255);
    const length = cluster.attributeArrayDataType.toBuffer(data, attributes, 0);
    return nodeFrame(cluster, 0x0a, data.subarray(0, length), false);
  });
  const capabilities = capabilitiesOf(node);
  const alarmChanged = ZONE_ALARMS.some((alarm) => capabilities.includes(alarm) && Object.hasOwn(changed, alarm));
  if (!alarmChanged || !node.endpoints.includes('iasZone') || node.attributes?.['iasZone.zoneState'] !== 'enrolled') return reports;
  const zoneStatus = zoneStatusOf({ capabilities, values: { ...nodeValues(node), ...changed } });
  return [...reports, commandFrame('iasZone', 'zoneStatusChangeNotification', { zoneStatus, extendedStatus: 0, zoneId: node.attributes['iasZone.zoneId'] ?? 0xff, delay: 0 })];
}
