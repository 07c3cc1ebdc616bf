import type { HubCore } from '../core/context.js';
import { buildDevice } from '../devices/device.js';
import { findDriver } from '../drivers/catalogue.js';
import { attachImages } from './camera.js';

/** The demo home's camera over the front door, in the hallway, with its first picture. */
export function seedDemoImages(hub: HubCore): void {
  const hallway = hub.store.values('zone').find((zone) => zone.name === 'Hallway');
  const driver = findDriver('homey:manager:vdevice:ipcamera');
  if (!hallway || !driver) return;
  const camera = buildDevice({ driver, name: 'Front door camera', zone: hallway.id, zoneName: hallway.name, data: { id: 'ipcamera-1' } }, new Date(hub.now()).toISOString());
  attachImages(hub, hub.store.insert('device', camera));
}
