import { every } from '../../http/clock.js';
import type { HubService, Nothing } from '../core/service.js';

/** How often a running hub forgets expired sessions (it also does at start). */
export const SESSION_PURGE_INTERVAL_MS = 60 * 60_000;

/**
 * Expired sessions are purged at start and every SESSION_PURGE_INTERVAL_MS after. Apart from sessions.ts, which the
 * hub's core is built of, so that the core's types do not import the service list's.
 */
export const sessionPurge: HubService<Nothing> = {
  name: 'session purge',
  start: ({ sessions, clock }) => {
    sessions.purgeExpired();
    return { gives: {}, stop: every(clock, SESSION_PURGE_INTERVAL_MS, () => sessions.purgeExpired()) };
  },
};
