import type { Hub } from '../core/context.js';
import { buildDevice, type Device } from '../devices/device.js';
import { findDriver } from '../drivers/catalogue.js';
import { DONGLE_DRIVER_ID } from './dongles.js';

const ADDED = 'demoEnergyDongleAdded';

/**
 * Adds the demo home's energy dongle, on the smart meter in the hallway's meter cupboard, once (a later start, or a
 * second call, changes nothing, also after the user removed it). `npm start` adds it, not the demo seed: its meter
 * sends a telegram every 10 s of the hub's clock, which tests that move the clock by days would pay for.
 */
export function ensureDemoEnergyDongle(hub: Hub): Device | null {
  const hallway = hub.store.values('zone').find((zone) => zone.name === 'Hallway');
  const driver = findDriver(DONGLE_DRIVER_ID);
  if (hub.settings.get(ADDED) || !hallway || !driver) return null;
  return hub.store.transaction(() => {
    hub.settings.set(ADDED, true);
    return hub.store.insert('device', buildDevice({ driver, name: 'Energy dongle', zone: hallway.id, zoneName: hallway.name, data: { id: 'p1-meter-1' } }, new Date(hub.now()).toISOString()));
  });
}
