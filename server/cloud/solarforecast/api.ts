import * as manifest from '../../../generated/cloud/solarforecast.operations.js';
import type { operations } from '../../../generated/cloud/solarforecast.js';
import { defineGuardedApi } from '../../http/api.js';
import type { Clock } from '../../http/clock.js';
import type { ServiceContext } from '../../http/service.js';
import { hubSecretGuard, type HubSecretState } from '../callers/hub-secret.js';
import { defaultPanels, parsePanel, solarForecast } from './forecast.js';

export type SolarForecastContext = ServiceContext<HubSecretState & { clock: Clock }>;

export const solarForecastApi = defineGuardedApi<operations, typeof manifest.operations, SolarForecastContext>(
  manifest,
  {
    getSolarForecast: {
      guard: hubSecretGuard(),
      handle: ({ lat, lng, panels, strategy = 'weather' }, { service }) =>
        solarForecast(lat, lng, panels ? panels.map(parsePanel) : defaultPanels(lat), strategy, service.clock.now()),
    },
  },
);
