/**
 * Sun times at a place, computed offline with the standard low-precision solar formulas (the NOAA / Astronomical
 * Almanac approximations, good to about a minute between the polar circles).
 */
const rad = Math.PI / 180;
const DAY_MS = 86_400_000;
const J1970 = 2_440_588;
const J2000 = 2_451_545;
const J0 = 0.0009;
const obliquity = rad * 23.4397;

const toDays = (ms: number) => ms / DAY_MS - 0.5 + J1970 - J2000;
const fromJulian = (julian: number) => (julian + 0.5 - J1970) * DAY_MS;
const meanAnomaly = (days: number) => rad * (357.5291 + 0.98560028 * days);
const eclipticLongitude = (m: number) =>
  m + rad * (1.9148 * Math.sin(m) + 0.02 * Math.sin(2 * m) + 0.0003 * Math.sin(3 * m)) + rad * 102.9372 + Math.PI;
const declination = (longitude: number) => Math.asin(Math.sin(obliquity) * Math.sin(longitude));
const rightAscension = (longitude: number) => Math.atan2(Math.sin(longitude) * Math.cos(obliquity), Math.cos(longitude));
const transit = (approx: number, m: number, l: number) => J2000 + approx + 0.0053 * Math.sin(m) - 0.0069 * Math.sin(2 * l);

/**
 * Where the sun stands at `ms` (epoch) seen from a place: its altitude above the horizon and its azimuth, clockwise
 * from north (180 due south), both in degrees.
 */
export function sunPosition(ms: number, latitude: number, longitude: number): { altitude: number; azimuth: number } {
  const days = toDays(ms);
  const l = eclipticLongitude(meanAnomaly(days));
  const phi = rad * latitude;
  const dec = declination(l);
  const hourAngle = rad * (280.16 + 360.9856235 * days) + rad * longitude - rightAscension(l);
  const altitude = Math.asin(Math.sin(phi) * Math.sin(dec) + Math.cos(phi) * Math.cos(dec) * Math.cos(hourAngle));
  // Measured from south, westwards positive; turned into a compass bearing.
  const fromSouth = Math.atan2(Math.sin(hourAngle), Math.cos(hourAngle) * Math.sin(phi) - Math.tan(dec) * Math.cos(phi));
  return { altitude: altitude / rad, azimuth: (fromSouth / rad + 540) % 360 };
}

/** The sun's altitude above the horizon in degrees at `ms` (epoch) and a place. */
export const sunAltitude = (ms: number, latitude: number, longitude: number): number => sunPosition(ms, latitude, longitude).altitude;

export interface SunDay {
  solarNoon: number;
  /** Each null when the sun does not cross that altitude that day (polar day or night). */
  sunrise: number | null;
  sunset: number | null;
  dawn: number | null;
  dusk: number | null;
}

/** The sun's day nearest to `ms` at a place: times as epoch ms. */
export function sunDay(ms: number, latitude: number, longitude: number): SunDay {
  const lw = -rad * longitude;
  const phi = rad * latitude;
  const cycle = Math.round(toDays(ms) - J0 - lw / (2 * Math.PI));
  const approx = J0 + lw / (2 * Math.PI) + cycle;
  const m = meanAnomaly(approx);
  const l = eclipticLongitude(m);
  const dec = declination(l);
  const noon = transit(approx, m, l);
  const crossing = (degrees: number): [number, number] | [null, null] => {
    const cosHour = (Math.sin(rad * degrees) - Math.sin(phi) * Math.sin(dec)) / (Math.cos(phi) * Math.cos(dec));
    if (cosHour < -1 || cosHour > 1) return [null, null];
    const set = transit(J0 + (Math.acos(cosHour) + lw) / (2 * Math.PI) + cycle, m, l);
    return [fromJulian(noon - (set - noon)), fromJulian(set)];
  };
  const [sunrise, sunset] = crossing(-0.833);
  const [dawn, dusk] = crossing(-6);
  return { solarNoon: fromJulian(noon), sunrise, sunset, dawn, dusk };
}
