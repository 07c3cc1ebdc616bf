import * as manifest from '../../../generated/hub/moods.operations.js';
import type { operations } from '../../../generated/hub/moods.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import type { HubItems } from '../core/items.js';
import { changeMood, newMood, requireMood, setMood } from './moods.js';

export const moods = defineApi<operations, typeof manifest.operations, HubContextOf<'capabilityChanges' | 'groupsByMember' | 'transitions'>, HubItems>(
  manifest,
  {
    getState: (_args, { hub }) => ({ moodCount: hub.store.count('mood') }),
    setMood: ({ id }, { hub }) => setMood(hub, requireMood(hub, id)),
  },
  {
    rules: {
      mood: {
        create: (input, { hub }) => newMood(hub, input),
        update: (current, patch, { hub }) => changeMood(hub, current, patch),
      },
    },
  },
);
