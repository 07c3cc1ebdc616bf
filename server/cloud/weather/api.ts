import * as manifest from '../../../generated/cloud/weather.operations.js';
import type { operations } from '../../../generated/cloud/weather.js';
import { defineGuardedApi } from '../../http/api.js';
import type { Clock } from '../../http/clock.js';
import type { ServiceContext } from '../../http/service.js';
import { weatherAt } from './model.js';

const HOUR_MS = 3_600_000;

export type WeatherContext = ServiceContext<{ clock: Clock }>;

export const weatherApi = defineGuardedApi<operations, typeof manifest.operations, WeatherContext>(manifest, {
  getWeather: ({ latitude, longitude, language }, { service }) => weatherAt(latitude, longitude, service.clock.now(), language),
  getWeatherHourly: ({ latitude, longitude, language, hours = 24 }, { service }) => {
    const now = service.clock.now();
    return Array.from({ length: hours }, (_, hour) => weatherAt(latitude, longitude, now + hour * HOUR_MS, language));
  },
});
