import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import spec from '../../../generated/hub/geolocation.openapi.json' with { type: 'json' };
import type { components } from '../../../generated/hub/geolocation.js';
import { ApiError, conflict } from '../../http/errors.js';
import { fetchCloudJson } from '../cloud/cloud-fetch.js';
import type { Hub, HubCore } from '../core/context.js';
import type { HubService, Nothing } from '../core/service.js';
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

/** An answer of the weather service, with what it was asked for and when. */
interface WeatherAnswer {
  query: string;
  at: number;
  body: unknown;
}

declare module '../core/context.js' {
  interface Hub {
    /** The weather service's last answers by path (now, hourly): a cache for WEATHER_CACHE_MS (the weather service's). */
    weatherAnswers: Map<string, WeatherAnswer>;
  }
}

/** The weather service's answers, kept while the hub runs. */
export const weatherCache: HubService<Nothing, Pick<Hub, 'weatherAnswers'>> = {
  name: 'weather cache',
  start: () => ({ gives: { weatherAnswers: new Map() } }),
};

/** The query for the weather at the home's location, in the hub's language, or the error that no weather can be had. */
function weatherQuery(hub: HubCore): { base: string; query: URLSearchParams } {
  const location = hubLocation(hub);
  if (!location) throw conflict('The hub has no location yet: set the geolocation option location first');
  const base = hub.config.weatherUrl;
  if (!base) throw unavailable('No weather service is configured (HubConfig.weatherUrl)');
  const query = new URLSearchParams({
    latitude: String(location.latitude),
    longitude: String(location.longitude),
    homey: hub.id,
    language: hubLanguage(hub),
  });
  return { base: base.replace(/\/+$/, ''), query };
}

/** The service's answer at `path` for the home, reused for WEATHER_CACHE_MS per location and language. */
async function askWeatherService<T>(hub: HubCore & Pick<Hub, 'weatherAnswers'>, path: string, accept: (body: unknown) => body is T): Promise<T> {
  const { base, query } = weatherQuery(hub);
  const key = query.toString();
  const answers = hub.weatherAnswers;
  const cached = answers.get(path);
  if (cached && cached.query === key && hub.now() - cached.at < WEATHER_CACHE_MS) return cached.body as T;
  const body = await fetchCloudJson(`${base}${path}?${key}`, 'weather');
  if (!accept(body)) throw badGateway('The weather service answered something that is not weather');
  answers.set(path, { query: key, at: hub.now(), body });
  return body;
}

/**
 * The weather now at the home's location, from the cloud weather service at `config.weatherUrl`. The hub has no
 * weather of its own: without a location 409, without a service or when it cannot be reached 503, when it answers
 * an error or something that is not weather 502.
 */
export const currentWeather = (hub: HubCore & Pick<Hub, 'weatherAnswers'>): Promise<Weather> => askWeatherService(hub, '/weather', isWeather);

/** The weather at the home hour by hour for the next 24 hours, the current hour first, as currentWeather answers. */
export const hourlyWeather = (hub: HubCore & Pick<Hub, 'weatherAnswers'>): Promise<Weather[]> =>
  askWeatherService(hub, '/forecast/hourly', (body): body is Weather[] => Array.isArray(body) && body.length > 0 && body.every(isWeather));

/** The weather the service last answered for now, and when (null before any answer). */
export function lastWeather(hub: HubCore & Pick<Hub, 'weatherAnswers'>): { at: number; weather: Weather } | null {
  const last = hub.weatherAnswers.get('/weather');
  return last ? { at: last.at, weather: last.body as Weather } : null;
}
