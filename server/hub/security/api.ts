import * as manifest from '../../../generated/hub/security.operations.js';
import type { operations } from '../../../generated/hub/security.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { watchedDevices } from '../devices/watched-devices.js';

/** What tells of an intruder: an open contact, motion, tampering (true) and an unlocked lock (false). */
const INTRUSION = new Map([['alarm_contact', true], ['alarm_motion', true], ['alarm_tamper', true], ['locked', false]]);

export const security = defineApi<operations, typeof manifest.operations, HubContextOf<never>>(manifest, {
  getState: (_args, { hub }) => {
    const devices = watchedDevices(hub, INTRUSION);
    return { secure: devices.every((device) => device.alerting.length === 0), devices };
  },
});
