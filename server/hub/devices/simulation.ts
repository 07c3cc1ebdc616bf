import type { CapabilityValue } from '../drivers/capabilities.js';
import type { Device } from './device.js';

const MS_PER_HOUR = 3_600_000;

/** Watts a switched-on device draws: its connected-load setting, else its energy approximation. */
function loadWatts(device: Device): number {
  const setting = device.settings.load_watts;
  return typeof setting === 'number' ? setting : (device.energy?.approximation?.usageOn ?? 0);
}

/** kWh used at the last reported power since it was reported. */
function energySince(device: Device, now: string): number {
  const power = device.capabilitiesObj.measure_power;
  if (!power || typeof power.value !== 'number' || !power.lastUpdated) return 0;
  return (power.value * Math.max(0, Date.parse(now) - Date.parse(power.lastUpdated))) / MS_PER_HOUR / 1000;
}

/**
 * How the simulated hardware reacts to the requested values: a light turns on when dimmed above 0 and off at 0;
 * a metering switch draws its load while on, and its meter counts what it drew until now.
 */
export function simulate(device: Device, requested: Record<string, CapabilityValue>, now: string): Record<string, CapabilityValue> {
  const has = (id: string) => device.capabilities.includes(id);
  const effects: Record<string, CapabilityValue> = {};
  if (has('onoff') && has('dim') && typeof requested.dim === 'number' && !('onoff' in requested)) {
    effects.onoff = requested.dim > 0;
  }
  const onoff = requested.onoff ?? effects.onoff;
  if (has('onoff') && has('measure_power') && typeof onoff === 'boolean') {
    if (has('meter_power')) {
      const meter = device.capabilitiesObj.meter_power?.value;
      effects.meter_power = Math.round(((typeof meter === 'number' ? meter : 0) + energySince(device, now)) * 1e6) / 1e6;
    }
    effects.measure_power = onoff ? loadWatts(device) : 0;
  }
  return effects;
}
