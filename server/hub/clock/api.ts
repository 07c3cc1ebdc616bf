import * as manifest from '../../../generated/hub/clock.operations.js';
import type { operations } from '../../../generated/hub/clock.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf, HubCore } from '../core/context.js';

/** The hub's time by its clock, in the machine's time zone (the zone alarms and nightly tasks follow). */
export function clockState(hub: HubCore) {
  const now = hub.now();
  return {
    time: new Date(now).toISOString(),
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    utcOffset: -new Date(now).getTimezoneOffset(),
    startedAt: hub.startedAt.toISOString(),
    uptime: Math.max(0, Math.floor((now - hub.startedAt.getTime()) / 1000)),
  };
}

export const clock = defineApi<operations, typeof manifest.operations, HubContextOf<never>>(manifest, {
  getState: (_args, { hub }) => clockState(hub),
});
