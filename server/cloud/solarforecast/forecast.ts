import type { components } from '../../../generated/cloud/solarforecast.js';
import { badRequest } from '../../http/errors.js';
import { sunPosition } from '../../common/sun.js';
import { weatherAt } from '../weather/model.js';

type SolarForecast = components['schemas']['SolarForecast'];
export type Strategy = SolarForecast['strategy'];

export interface PanelGroup {
  peakWatts: number;
  /** Degrees from horizontal. */
  tilt: number;
  /** Degrees clockwise from north. */
  azimuth: number;
}

const rad = Math.PI / 180;
const HOUR_MS = 3_600_000;
/** Irradiance (W/m²) at which panels give their peak watts (standard test conditions). */
const STC = 1000;
/** Inverter, wiring, heat and dirt: what reaches the meter of what the cells make. */
const SYSTEM_EFFICIENCY = 0.86;

/** `<peak watts>:<tilt>:<azimuth>` (its form checked by the contract's pattern, its ranges here). */
export const parsePanel = (text: string): PanelGroup => {
  const [peakWatts, tilt, azimuth] = text.split(':').map(Number) as [number, number, number];
  if (tilt > 90) throw badRequest(`panels: a tilt is at most 90 degrees, not ${tilt} (${text})`);
  if (azimuth >= 360) throw badRequest(`panels: an azimuth is below 360 degrees, not ${azimuth} (${text})`);
  return { peakWatts, tilt, azimuth };
};

/** One group of 1 kW at 35° facing the equator: what a forecast without panels assumes. */
export const defaultPanels = (latitude: number): PanelGroup[] => [{ peakWatts: 1000, tilt: 35, azimuth: latitude >= 0 ? 180 : 0 }];

/** Clear-sky irradiance on a panel (W/m²): Meinel's direct beam through the air mass, plus a tenth of it as diffuse light. */
function irradiance(altitude: number, azimuth: number, panel: PanelGroup): number {
  if (altitude <= 0) return 0;
  const airMass = 1 / Math.sin(altitude * rad);
  const direct = 1353 * 0.7 ** (airMass ** 0.678);
  const incidence =
    Math.sin(altitude * rad) * Math.cos(panel.tilt * rad) + Math.cos(altitude * rad) * Math.sin(panel.tilt * rad) * Math.cos((azimuth - panel.azimuth) * rad);
  return direct * Math.max(0, incidence) + 0.1 * direct * ((1 + Math.cos(panel.tilt * rad)) / 2);
}

/** Kasten and Czeplak (1980): the share of clear-sky irradiance left under a cloud cover (0..1). */
const cloudFactor = (cover: number) => 1 - 0.75 * cover ** 3.4;

/** The forecast for today and tomorrow (UTC days around `now`), hour by hour. */
export function solarForecast(lat: number, lng: number, panels: readonly PanelGroup[], strategy: Strategy, now: number): SolarForecast {
  const today = Math.floor(now / (24 * HOUR_MS)) * 24 * HOUR_MS;
  const hours: SolarForecast['hours'] = [];
  const days = new Map<string, number>();
  for (let start = today; start < today + 48 * HOUR_MS; start += HOUR_MS) {
    const middle = start + HOUR_MS / 2;
    const sun = sunPosition(middle, lat, lng);
    const clouds = strategy === 'weather' ? cloudFactor(weatherAt(lat, lng, middle).cloudCover ?? 0) : 1;
    const watts = panels.reduce((sum, panel) => sum + (panel.peakWatts * irradiance(sun.altitude, sun.azimuth, panel) * SYSTEM_EFFICIENCY * clouds) / STC, 0);
    const time = new Date(start).toISOString();
    hours.push({ time, watts: Math.round(watts), sunAltitude: Math.round(sun.altitude * 10) / 10, sunAzimuth: Math.round(sun.azimuth * 10) / 10 });
    days.set(time.slice(0, 10), (days.get(time.slice(0, 10)) ?? 0) + watts);
  }
  return {
    lat,
    lng,
    strategy,
    peakPower: panels.reduce((sum, panel) => sum + panel.peakWatts, 0),
    hours,
    days: [...days].map(([date, wattHours]) => ({ date, wattHours: Math.round(wattHours) })),
  };
}
