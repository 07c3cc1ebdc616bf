import * as manifest from '../../../generated/cloud/energy.operations.js';
import type { operations } from '../../../generated/cloud/energy.js';
import { defineGuardedApi } from '../../http/api.js';
import type { Clock } from '../../http/clock.js';
import type { ServiceContext } from '../../http/service.js';
import { hubSecretGuard, type HubSecretState } from '../callers/hub-secret.js';
import { dayAheadPrices } from './day-ahead.js';
import { ZONES, zoneAt } from './zones.js';

export type EnergyContext = ServiceContext<HubSecretState & { clock: Clock }>;

/** Public data: a hub's secret is optional, but one that is sent must be valid. */
const hubMay = hubSecretGuard<EnergyContext>(true);

export const energyApi = defineGuardedApi<operations, typeof manifest.operations, EnergyContext>(
  manifest,
  {
    getZones: { guard: hubMay, handle: () => [...ZONES.values()] },
    getZone: { guard: hubMay, handle: ({ latitude, longitude }) => zoneAt(latitude, longitude) },
    getDayAheadPricesElectricity: { guard: hubMay, handle: (query, { service }) => dayAheadPrices(query, service.clock.now()) },
  },
);
