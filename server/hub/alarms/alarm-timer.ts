import type { HubService, Nothing } from '../core/service.js';

/**
 * The hub's alarms go off while it runs. The scheduler is part of the hub's core (scheduler.ts); its start and stop
 * are this service's, apart from it so that the core's types do not import the service list's.
 */
export const alarmTimer: HubService<Nothing> = {
  name: 'alarms',
  start: ({ alarms }) => {
    alarms.start();
    return { gives: {}, stop: () => alarms.close() };
  },
};
