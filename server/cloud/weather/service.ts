import spec from '../../../generated/cloud/weather.openapi.json' with { type: 'json' };
import { systemClock } from '../../http/clock.js';
import { createServiceHttp, withState, type ServiceHttp } from '../../http/service.js';
import type { ContentServiceConfig } from '../content/config.js';
import { weatherApi } from './api.js';

/** The cloud weather service: the modelled weather now at a place (public). */
export function createWeatherService(config: ContentServiceConfig = {}): ServiceHttp {
  return createServiceHttp({ ...config, contract: spec, api: weatherApi, context: withState({ clock: config.clock ?? systemClock }) });
}
