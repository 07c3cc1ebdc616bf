import * as manifest from '../../../generated/hub/moods.operations.js';
import type { components, operations } from '../../../generated/hub/moods.js';
import { defineApi } from '../../http/api.js';
import type { HubContext } from '../context.js';
import { changeMood, newMood, requireMood, setMood, type Mood } from './moods.js';

export const moods = defineApi<operations, typeof manifest.operations, HubContext>(
  manifest,
  {
    getState: (_args, { hub }) => ({ moodCount: hub.store.count('mood') }),
    setMood: ({ id }, { hub }) => setMood(hub, requireMood(hub, id)),
  },
  {
    rules: {
      mood: {
        create: (input, { hub }) => newMood(hub, input as components['schemas']['MoodCreate']),
        update: (current, patch, { hub }) => changeMood(hub, current as Mood, patch as components['schemas']['MoodUpdate']),
      },
    },
  },
);
