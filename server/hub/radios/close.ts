import type { Hub } from '../context.js';
import { closeRecordings } from '../rf/transceiver.js';
import { closeNetworks } from './network.js';

/** Stops the simulated radios' timers (interviews, recordings) when the hub stops. */
export function closeRadios(hub: Hub): void {
  closeNetworks(hub);
  closeRecordings(hub);
}
