import { randomUUID } from 'node:crypto';
import * as manifest from '../../../generated/hub/logic.operations.js';
import type { components, operations } from '../../../generated/hub/logic.js';
import { defineApi } from '../../http/api.js';
import { badRequest } from '../../http/errors.js';
import type { HubContextOf } from '../core/context.js';
import type { HubItems } from '../core/items.js';
import { callWebhook } from './webhooks.js';

export type Variable = components['schemas']['Variable'];
type VariableType = components['schemas']['VariableType'];

/**
 * The contract allows any string, number or boolean as a value; that it matches the type is checked here. A number
 * must also be finite: JSON.parse reads `1e400` as Infinity, which would be stored as null.
 */
function requireMatch(type: VariableType, value: unknown): void {
  const matches = typeof value === type && (type !== 'number' || Number.isFinite(value));
  if (!matches) throw badRequest(`value must be a ${type === 'number' ? 'finite number' : type} for a variable of type ${type}`);
}

export const logic = defineApi<operations, typeof manifest.operations, HubContextOf<'webhookCalls'>, HubItems>(
  manifest,
  {
    getState: (_args, { hub }) => ({ variableCount: hub.store.count('variable') }),
    triggerWebhook: ({ event, tag = '' }, { hub }) => callWebhook(hub, { event, tag }),
  },
  {
    rules: {
      variable: {
        create(input) {
          const { name, type, value } = input;
          requireMatch(type, value);
          const variable: Variable = { id: randomUUID(), name, type, value };
          return variable;
        },
        update(variable, patch) {
          const { id: _ignored, ...changes } = patch;
          if (changes.type !== undefined && changes.type !== variable.type && changes.value === undefined) {
            throw badRequest(`Changing the type to ${changes.type} needs a value of that type`);
          }
          const updated: Variable = { ...variable, ...changes };
          requireMatch(updated.type, updated.value);
          return updated;
        },
      },
    },
  },
);
