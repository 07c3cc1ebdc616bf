import * as manifest from '../../../generated/cloud/weather.operations.js';
import type { operations } from '../../../generated/cloud/weather.js';
import { defineApi } from '../../http/api.js';
import type { Clock } from '../../http/clock.js';
import type { ServiceContext } from '../../http/service.js';
import { weatherAt } from './model.js';

export type WeatherContext = ServiceContext<{ clock: Clock }>;

export const weatherApi = defineApi<operations, typeof manifest.operations, WeatherContext>(manifest, {
  getWeather: ({ latitude, longitude, language }, { service }) => weatherAt(latitude, longitude, service.clock.now(), language),
});
