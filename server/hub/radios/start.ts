import type { Hub } from '../context.js';
import { startRfDevices } from '../rf/devices.js';
import { closeRecordings } from '../rf/transceiver.js';
import { startRadioEvents } from './events.js';
import { closeNetworks } from './network.js';

/**
 * What the simulated radios do while the hub runs: announce their state changes and send the commands of RF
 * devices. The returned stop also ends their timers (interviews, recordings); a restart schedules interviews again.
 */
export function startRadios(hub: Hub): () => void {
  const stops = [startRadioEvents(hub), startRfDevices(hub)];
  return () => {
    for (const stop of stops) stop();
    closeNetworks(hub);
    closeRecordings(hub);
  };
}
