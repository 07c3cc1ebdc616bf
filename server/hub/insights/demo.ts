import type { Hub, HubCore } from '../core/context.js';

const QUARTER_HOUR = 15 * 60_000;
const DAY = 24 * 3_600_000;
/** How far each reading swings over a day around the value it has now. */
const swings = new Map([
  ['measure_temperature', 1.5],
  ['measure_humidity', 6],
  ['measure_power', 0.2],
]);

/**
 * A week of readings every quarter of an hour for the demo home's sensors, so that its charts show something on
 * first start: each swings with the time of day (warmest and driest in the afternoon) and ends at its value now.
 */
export function seedDemoInsights(hub: HubCore & Pick<Hub, 'insights'>): void {
  hub.insights.syncAll();
  const now = hub.now();
  const phase = (t: number) => (2 * Math.PI * ((t % DAY) - 10 * 3_600_000)) / DAY;
  for (const log of hub.store.values('log')) {
    const capability = log.id.slice(log.ownerUri.length + 1);
    const swing = swings.get(capability);
    const value = hub.store.get('device', log.ownerId)?.capabilitiesObj[capability]?.value;
    if (swing === undefined || typeof value !== 'number') continue;
    const amplitude = capability === 'measure_power' ? swing * value : swing;
    const sign = capability === 'measure_humidity' ? -1 : 1;
    const values = Array.from({ length: (7 * DAY) / QUARTER_HOUR }, (_, index) => {
      const t = now - (7 * DAY) + (index + 1) * QUARTER_HOUR;
      const reading = value + sign * amplitude * (Math.sin(phase(t)) - Math.sin(phase(now)));
      return [t, Number(Math.max(0, reading).toFixed(log.decimals ?? 2))] as const;
    });
    hub.insights.importValues(log, values);
  }
}
