import type { components } from '../../../generated/hub/geolocation.js';
import { badRequest } from '../../http/errors.js';
import type { HubCore } from '../core/context.js';
import { hubOption } from '../core/options.js';
import { sunAltitude, sunDay } from '../../common/sun.js';

export type Location = components['schemas']['GeolocationLocation'];
type Mode = components['schemas']['GeolocationMode'];
type State = components['schemas']['GeolocationState'];
type SunTimes = components['schemas']['SunTimes'];

export const modeOption = hubOption<Mode>('geolocation', 'mode', () => 'auto');
export const locationOption = hubOption<Location | null>('geolocation', 'location', () => null);
export const addressOption = hubOption<string | null>('geolocation', 'address', () => null);

/** The home's location, or null while none is known: for every manager that needs it (weather, sun times). */
export const hubLocation = (hub: HubCore): Location | null => locationOption.get(hub);

/** A location or address set through the API is a user's: the mode says so (manual). */
function becomeManual(hub: HubCore): void {
  if (modeOption.get(hub) !== 'manual') modeOption.set(hub, 'manual');
}

export function setLocation(hub: HubCore, location: Location): void {
  locationOption.set(hub, location);
  becomeManual(hub);
}

export function setAddress(hub: HubCore, address: string): void {
  const trimmed = address.trim();
  if (!trimmed) throw badRequest('The address must contain a character other than a space');
  addressOption.set(hub, trimmed);
  becomeManual(hub);
}

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Today's sun at a location: the day is the hub's local date (its time zone), by the hub's clock. */
export function sunTimes(now: number, { latitude, longitude }: Location): SunTimes {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: timeZone(), year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const day = sunDay(Date.parse(`${date}T12:00:00Z`), latitude, longitude);
  return {
    date,
    sunrise: iso(day.sunrise),
    sunset: iso(day.sunset),
    solarNoon: iso(day.solarNoon)!,
    dawn: iso(day.dawn),
    dusk: iso(day.dusk),
    isUp: sunAltitude(now, latitude, longitude) > -0.833,
  };
}

export function geolocationState(hub: HubCore): State {
  const location = hubLocation(hub);
  return {
    mode: modeOption.get(hub),
    location,
    address: addressOption.get(hub),
    timezone: timeZone(),
    sun: location ? sunTimes(hub.now(), location) : null,
  };
}
