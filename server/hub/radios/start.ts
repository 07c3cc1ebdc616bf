import type { Hub, HubCore } from '../core/context.js';

/** What the radios' work while the hub runs reads: the networks, the transceiver and the news it follows and tells. */
export type RadioNeeds = Pick<Hub, 'radios' | 'rf' | 'radioChanges' | 'capabilityChanges' | 'infraredKeys'>;
import { onCapabilityChanged } from '../devices/device.js';
import { startRfDevices } from '../rf/devices.js';
import { startInfraredRemotes } from '../rf/infrared-remotes.js';
import { closeRecordings } from '../rf/transceiver.js';
import { startRadioEvents } from './events.js';
import { nodeOfData } from './pairing.js';

/** The values given to a device paired from a Zigbee or Z-Wave node go to that node, which confirms them. */
function startNodeCommands(hub: Pick<Hub, 'capabilityChanges' | 'radios'>): () => void {
  return onCapabilityChanged(hub, ({ device, capabilityId, value }) => {
    const paired = nodeOfData(device.data.id);
    if (paired) hub.radios.network(paired.radio).acknowledge(paired.nodeId, capabilityId, value);
  });
}

/**
 * What the simulated radios do while the hub runs: announce their state changes and send the values given to
 * devices to their hardware (infrared remotes' keys to the transmitter). The returned stop also ends the recordings'
 * timers (the networks' interviews end with the radio networks service).
 */
export function startRadios(hub: HubCore & RadioNeeds): () => void {
  const stops = [startRadioEvents(hub), startRfDevices(hub), startInfraredRemotes(hub), startNodeCommands(hub)];
  return () => {
    for (const stop of stops) stop();
    closeRecordings(hub);
  };
}
