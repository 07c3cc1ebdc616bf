import type { components } from '../../../generated/hub/drivers.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import type { Device } from '../devices/device.js';
import { VDEVICE_OWNER, type DriverDefinition } from '../drivers/catalogue.js';
import { nodeDataId, PAIR_JOIN_SECONDS, radioOfDriver } from './network.js';
import type { RadioId } from './profiles.js';

type FoundDevice = components['schemas']['FoundDevice'];

/**
 * A pair session's search on a Zigbee or Z-Wave driver: opens the network for joining (as a real hub does while
 * its search screen shows) and offers the interviewed nodes of that driver that are not in the home yet.
 */
export function radioCandidates(hub: HubCore & Pick<Hub, 'radios'>, driver: DriverDefinition): FoundDevice[] {
  const radio = radioOfDriver(driver.connectivity);
  if (!radio) return [];
  const net = hub.radios.network(radio);
  net.permitJoin(PAIR_JOIN_SECONDS);
  return Object.values(net.state().nodes)
    .filter((node) => node.status === 'ready' && `${VDEVICE_OWNER}:${node.driver}` === driver.id && !net.deviceOf(node))
    .map((node) => ({ name: `${node.manufacturer ?? 'Unknown'} ${node.model ?? node.driver}`, data: { id: nodeDataId(radio, node.id) } }));
}

/**
 * A device paired (or repaired) from a radio node's data (`zigbee:<node id>`, `zwave:<node id>`) must name an
 * interviewed node of its driver on that driver's network: a made-up id would make a device no hardware reports to.
 */
export function requirePairableNode(hub: HubCore & Pick<Hub, 'radios'>, driver: DriverDefinition, dataId: unknown): void {
  const named = nodeOfData(dataId);
  if (!named) return;
  const { radio, nodeId } = named;
  if (radio !== radioOfDriver(driver.connectivity)) throw badRequest(`A ${driver.name.toLowerCase()} does not use ${radio}: ${String(dataId)} is no device of it`);
  const { nodes } = hub.radios.network(radio).state();
  if (!Object.hasOwn(nodes, nodeId)) throw badRequest(`No node ${nodeId} is on the ${radio} network: let it join first`);
  const node = nodes[nodeId]!;
  if (`${VDEVICE_OWNER}:${node.driver}` !== driver.id) throw badRequest(`Node ${nodeId} is a ${node.driver}, not a device of ${driver.id}`);
  if (node.status !== 'ready') throw conflict(`Node ${nodeId} is still being interviewed`);
}

/** The radio and node a device's data names (`zigbee:<node id>`, `zwave:<node id>`), if it names one. */
export function nodeOfData(dataId: unknown): { radio: RadioId; nodeId: string } | undefined {
  if (typeof dataId !== 'string') return undefined;
  const colon = dataId.indexOf(':');
  const radio = colon < 0 ? undefined : radioOfDriver([dataId.slice(0, colon)]);
  return radio && { radio, nodeId: dataId.slice(colon + 1) };
}

/** Unpairing a device excludes its node from the network it joined. */
export function excludeDevice(hub: HubCore & Pick<Hub, 'radios'>, device: Device): void {
  const paired = nodeOfData(device.data.id);
  if (paired) hub.radios.network(paired.radio).exclude(paired.nodeId, device.name);
}
