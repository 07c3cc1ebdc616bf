import type { FrameValues } from './telegram.js';

/** The meter's counters, which only run on: kWh per tariff taken and given back, and m³ of gas. */
export interface Counters {
  delivered1: number;
  delivered2: number;
  returned1: number;
  returned2: number;
  gas: number;
}

/** A meter installed in a home that has used some energy already. */
export const NEW_COUNTERS: Counters = { delivered1: 1843.212, delivered2: 1521.874, returned1: 0, returned2: 0, gas: 2317.45 };

/** Use the hub cannot see (a fridge, a router, the boiler's pump): about 150 W, drifting slowly over the hour. */
export const unseenLoad = (ms: number) => 150 + 40 * Math.sin((2 * Math.PI * (ms % 3_600_000)) / 3_600_000);
/** Gas a heated home burns, m³ per hour. */
const GAS_PER_HOUR = 0.25;
/** How the load is spread over three phases. */
const PHASE_SHARES = [['l1', 0.5], ['l2', 0.3], ['l3', 0.2]] as const;

/** Low tariff (1) at night, 23:00 to 07:00 local time, and at weekends; normal (2) otherwise. */
export function tariffAt(ms: number): 1 | 2 {
  const date = new Date(ms);
  const weekend = date.getDay() === 0 || date.getDay() === 6;
  return weekend || date.getHours() >= 23 || date.getHours() < 7 ? 1 : 2;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * What the meter reads at `ms` for a home drawing `homeWatts` (its devices) plus its unseen load, after `elapsedMs`
 * at that power since its last reading: the counters run on, the power is split over the phases at about 230 V.
 */
export function readMeter(counters: Counters, homeWatts: number, ms: number, elapsedMs: number): { counters: Counters; values: FrameValues } {
  const watts = Math.max(0, homeWatts + unseenLoad(ms));
  const kWh = (watts * elapsedMs) / 3_600_000 / 1000;
  const tariff = tariffAt(ms);
  const next: Counters = {
    ...counters,
    delivered1: counters.delivered1 + (tariff === 1 ? kWh : 0),
    delivered2: counters.delivered2 + (tariff === 2 ? kWh : 0),
    gas: counters.gas + (GAS_PER_HOUR * elapsedMs) / 3_600_000,
  };
  const phases = PHASE_SHARES.map(([id, share], index) => {
    const voltage = round(230 + 2 * Math.sin(ms / 60_000 + index), 1);
    const power = round(watts * share, 1);
    return { id, voltage, current: round(power / voltage, 2), power };
  });
  return {
    counters: next,
    values: {
      powerDelivered: round(watts, 1),
      powerReturned: 0,
      energyDeliveredTariff1: round(next.delivered1, 3),
      energyDeliveredTariff2: round(next.delivered2, 3),
      energyReturnedTariff1: round(next.returned1, 3),
      energyReturnedTariff2: round(next.returned2, 3),
      tariff,
      phases,
      gas: round(next.gas, 3),
    },
  };
}
