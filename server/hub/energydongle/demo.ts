import type { Hub } from '../context.js';
import { buildDevice } from '../devices/device.js';
import { findDriver } from '../drivers/catalogue.js';
import { DONGLE_DRIVER_ID } from './dongles.js';

/** The demo home's energy dongle on the smart meter in the hallway's meter cupboard. */
export function seedDemoEnergyDongle(hub: Hub): void {
  const hallway = hub.store.values('zone').find((zone) => zone.name === 'Hallway');
  const driver = findDriver(DONGLE_DRIVER_ID);
  if (!hallway || !driver) return;
  hub.store.insert('device', buildDevice({ driver, name: 'Energy dongle', zone: hallway.id, zoneName: hallway.name, data: { id: 'p1-meter-1' } }, new Date(hub.now()).toISOString()));
}
