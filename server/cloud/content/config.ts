import type { Clock } from '../../http/clock.js';

/**
 * What every content service (weather, geolocate, infrared, firmware, energy, solar forecast, certificates, shared
 * flows, icons) is started with; those keeping data add their folder or database. Each is its own small Express app on
 * server/http/service.ts, as the store and apps services are.
 */
export interface ContentServiceConfig {
  hostNames?: string[];
  validateResponses?: boolean;
  development?: boolean;
  /** The time answers are computed for (the weather now, today's prices); tests pass a FakeClock. */
  clock?: Clock;
  /** The deployment's key of hub credentials (server/cloud/callers/hub-secret.ts), for operations hubs call with `secret`. */
  hubSecretKey?: string;
}
