import { randomUUID } from 'node:crypto';
import * as manifest from '../../../generated/hub/alarms.operations.js';
import type { components, operations } from '../../../generated/hub/alarms.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import type { HubItems } from '../core/items.js';
import { nextOccurance, type Alarm } from './schedule.js';

/** A new alarm from a create body, enabled unless it says otherwise, with its first `nextOccurance` after `now`. */
export function newAlarm(input: components['schemas']['AlarmCreate'], now: number): Alarm {
  const { name, time, enabled = true, repetition } = input;
  return { id: randomUUID(), name, time, enabled, repetition, nextOccurance: nextOccurance({ time, enabled, repetition }, now) };
}

export const alarms = defineApi<operations, typeof manifest.operations, HubContextOf<never>, HubItems>(
  manifest,
  {},
  {
    rules: {
      alarm: {
        create: (input, { hub }) => newAlarm(input, hub.now()),
        update(current, patch, { hub }) {
          const { id: _id, nextOccurance: _computed, ...changes } = patch;
          const alarm = { ...current, ...changes };
          return { ...alarm, nextOccurance: nextOccurance(alarm, hub.now()) };
        },
      },
    },
  },
);
