import spec from '../../../generated/cloud/solarforecast.openapi.json' with { type: 'json' };
import { systemClock } from '../../http/clock.js';
import { createServiceHttp, withState, type ServiceHttp } from '../../http/service.js';
import type { ContentServiceConfig } from '../content/config.js';
import { solarForecastApi } from './api.js';

/** The cloud solar forecast service: what a home's panels will make today and tomorrow (hubs, with their secret). */
export function createSolarForecastService(config: ContentServiceConfig = {}): ServiceHttp {
  const state = { clock: config.clock ?? systemClock, hubSecretKey: config.hubSecretKey };
  return createServiceHttp({ ...config, contract: spec, api: solarForecastApi, context: withState(state) });
}
