import type { Hub, HubCore } from '../core/context.js';
import { addSatellite } from './satellites.js';

/** The demo home's bridge in the garden, beyond the reach of the hub's own radios. */
export function seedDemoSatellites(hub: HubCore & Pick<Hub, 'satellites'>): void {
  const garden = hub.store.values('zone').find((zone) => zone.name === 'Garden');
  addSatellite(hub, { serial: 'HB2301A0001', name: 'Garden bridge', zone: garden?.id ?? null, peripherals: ['zigbee', 'rf433', 'infrared'] });
}
