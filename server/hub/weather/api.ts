import * as manifest from '../../../generated/hub/weather.operations.js';
import type { operations } from '../../../generated/hub/weather.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { hubLocation } from '../geolocation/geolocation.js';
import { currentWeather, hourlyWeather, lastWeather } from '../geolocation/weather.js';

export const weather = defineApi<operations, typeof manifest.operations, HubContextOf<'weatherAnswers'>>(manifest, {
  getState: (_args, { hub }) => {
    const last = lastWeather(hub);
    return {
      serviceConfigured: Boolean(hub.config.weatherUrl),
      hasLocation: hubLocation(hub) !== null,
      lastUpdated: last ? new Date(last.at).toISOString() : null,
      condition: last?.weather.condition ?? null,
      temperature: last?.weather.temperature ?? null,
    };
  },
  getWeather: (_args, { hub }) => currentWeather(hub),
  getWeatherHourly: (_args, { hub }) => hourlyWeather(hub),
});
