import type { components } from '../../../generated/hub/drivers.js';
import type { Hub } from '../context.js';
import type { Device } from '../devices/device.js';
import { VDEVICE_OWNER, type DriverDefinition } from '../drivers/catalogue.js';
import { network, nodeDataId, PAIR_JOIN_SECONDS, radioOfDriver } from './network.js';

type FoundDevice = components['schemas']['FoundDevice'];

/**
 * A pair session's search on a Zigbee or Z-Wave driver: opens the network for joining (as a real hub does while
 * its search screen shows) and offers the interviewed nodes of that driver that are not in the home yet.
 */
export function radioCandidates(hub: Hub, driver: DriverDefinition): FoundDevice[] {
  const radio = radioOfDriver(driver.connectivity);
  if (!radio) return [];
  const net = network(hub, radio);
  net.permitJoin(PAIR_JOIN_SECONDS);
  return Object.values(net.state().nodes)
    .filter((node) => node.status === 'ready' && `${VDEVICE_OWNER}:${node.driver}` === driver.id && !net.deviceOf(node))
    .map((node) => ({ name: `${node.manufacturer ?? 'Unknown'} ${node.model ?? node.driver}`, data: { id: nodeDataId(radio, node.id) } }));
}

/** Unpairing a device excludes its node from the network it joined. */
export function excludeDevice(hub: Hub, device: Device): void {
  const radio = radioOfDriver([String(device.data.id ?? '').split(':')[0] ?? '']);
  if (radio) network(hub, radio).exclude(device);
}
