import * as manifest from '../../../generated/hub/safety.operations.js';
import type { operations } from '../../../generated/hub/safety.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { watchedDevices } from '../devices/watched-devices.js';

/** Hazard alarms, each alerting while true. */
const HAZARDS = new Map(['alarm_smoke', 'alarm_fire', 'alarm_heat', 'alarm_co', 'alarm_gas', 'alarm_water'].map((id) => [id, true]));

export const safety = defineApi<operations, typeof manifest.operations, HubContextOf<never>>(manifest, {
  getState: (_args, { hub }) => {
    const devices = watchedDevices(hub, HAZARDS);
    return { safe: devices.every((device) => device.alerting.length === 0), devices };
  },
});
