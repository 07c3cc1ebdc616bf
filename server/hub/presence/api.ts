import * as manifest from '../../../generated/hub/presence.operations.js';
import type { operations } from '../../../generated/hub/presence.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { callerOf } from '../users/users.js';
import { presenceOf, presenceState, setPresence } from './presence.js';

export const presence = defineApi<operations, typeof manifest.operations, HubContextOf<'presenceChanges'>>(manifest, {
  getState: (_args, { hub }) => presenceState(hub),
  setPresentMe: ({ value, opts }, context) => setPresence(context.hub, callerOf(context).user.id, 'present', value, opts?.forceFlowTrigger),
  setAsleepMe: ({ value, opts }, context) => setPresence(context.hub, callerOf(context).user.id, 'asleep', value, opts?.forceFlowTrigger),
  getPresent: ({ id }, { hub }) => presenceOf(hub, id, 'present'),
  setPresent: ({ id, value }, { hub }) => setPresence(hub, id, 'present', value),
  getAsleep: ({ id }, { hub }) => presenceOf(hub, id, 'asleep'),
  setAsleep: ({ id, value }, { hub }) => setPresence(hub, id, 'asleep', value),
});
