import spec from '../../../generated/cloud/energy.openapi.json' with { type: 'json' };
import { systemClock } from '../../http/clock.js';
import { createServiceHttp, withState, type ServiceHttp } from '../../http/service.js';
import type { ContentServiceConfig } from '../content/config.js';
import { energyApi } from './api.js';

/** The cloud energy service: market zones and day-ahead electricity prices (public; hubs may send their secret). */
export function createEnergyService(config: ContentServiceConfig = {}): ServiceHttp {
  const state = { clock: config.clock ?? systemClock, hubSecretKey: config.hubSecretKey };
  return createServiceHttp({ ...config, contract: spec, api: energyApi, context: withState(state) });
}
