import type { HubCore } from '../core/context.js';
import { newMood } from './moods.js';

type DemoMood = [name: string, preset: string, zone: string, devices: Record<string, Record<string, string | number | boolean>>];

/** Device states by device name: the seed resolves them to ids. */
const demoMoods: DemoMood[] = [
  ['Movie night', 'movie', 'Living room', {
    'Ceiling light': { onoff: false },
    'Floor lamp': { onoff: true, dim: 0.2, light_temperature: 0.9 },
    'Living room blinds': { windowcoverings_set: 0 },
  }],
  ['Good night', 'sleep', 'Bedroom', {
    'Bedside lamp': { onoff: true, dim: 0.1 },
    'Bedroom blinds': { windowcoverings_set: 0 },
    'Bedroom thermostat': { target_temperature: 17 },
  }],
];

/** The demo home's moods, over the demo devices (seeded before them), checked as createMood checks them. */
export function seedDemoMoods(hub: HubCore): void {
  const byName = (type: 'zone' | 'device') => new Map(hub.store.values(type).map((item) => [item.name, item.id]));
  const zones = byName('zone');
  const devices = byName('device');
  for (const [name, preset, zone, states] of demoMoods) {
    const moodDevices = Object.fromEntries(Object.entries(states).map(([device, state]) => [devices.get(device)!, state]));
    hub.store.insert('mood', newMood(hub, { name, preset, zone: zones.get(zone)!, devices: moodDevices }));
  }
}
