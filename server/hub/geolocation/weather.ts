import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import spec from '../../../generated/hub/geolocation.openapi.json' with { type: 'json' };
import type { components } from '../../../generated/hub/geolocation.js';
import { ApiError, conflict } from '../../http/errors.js';
import { fetchCloudJson } from '../cloud-fetch.js';
import type { Hub } from '../context.js';
import { hubLanguage } from '../i18n/i18n.js';
import { hubLocation } from './geolocation.js';

export type Weather = components['schemas']['Weather'];

/** An answer of the weather service is reused this long for the same location and language. */
export const WEATHER_CACHE_MS = 10 * 60_000;

let weatherValidator: ValidateFunction<Weather> | undefined;
/** Compiled on the first answer: a hub that never asks for the weather need not compile or hold the validator. */
function isWeather(body: unknown): body is Weather {
  if (!weatherValidator) {
    const ajv = new Ajv2020({ strict: false });
    // ajv-formats types its plugin for draft-07's Ajv class; it adds the same formats to Ajv2020's.
    (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
    weatherValidator = ajv.compile<Weather>(spec.components.schemas.Weather);
  }
  return weatherValidator(body);
}

const unavailable = (description: string) => new ApiError(503, 'service_unavailable', description);
const badGateway = (description: string) => new ApiError(502, 'bad_gateway', description);

/** The last answer per hub, with what it was asked for and when: a cache of currentWeather's, not a service. */
const cache = new WeakMap<Hub, { query: string; at: number; weather: Weather }>();

/**
 * The weather now at the home's location, from the cloud weather service at `config.weatherUrl`. The hub has no
 * weather of its own: without a location 409, without a service or when it cannot be reached 503, when it answers
 * an error or something that is not weather 502.
 */
export async function currentWeather(hub: Hub): Promise<Weather> {
  const location = hubLocation(hub);
  if (!location) throw conflict('The hub has no location yet: set the geolocation option location first');
  const base = hub.config.weatherUrl;
  if (!base) throw unavailable('No weather service is configured (HubConfig.weatherUrl)');
  const query = new URLSearchParams({
    latitude: String(location.latitude),
    longitude: String(location.longitude),
    homey: hub.id,
    language: hubLanguage(hub),
  }).toString();
  const cached = cache.get(hub);
  if (cached && cached.query === query && hub.now() - cached.at < WEATHER_CACHE_MS) return cached.weather;
  const weather = await fetchWeather(`${base.replace(/\/+$/, '')}/weather?${query}`);
  cache.set(hub, { query, at: hub.now(), weather });
  return weather;
}

async function fetchWeather(url: string): Promise<Weather> {
  const body = await fetchCloudJson(url, 'weather');
  if (!isWeather(body)) throw badGateway('The weather service answered something that is not weather');
  return body;
}
