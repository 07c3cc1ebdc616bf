import { randomUUID } from 'node:crypto';
import type { Hub } from '../core/context.js';
import type { Card, TriggerFiring } from './cards.js';
import type { TokenValue } from '../../common/app-package/manifest.js';
import type { AdvancedCard } from './advanced.js';
import type { ActionEntry, CardEntry, ConditionEntry } from './run.js';
import type { StoredAdvancedFlow } from './advanced-flows.js';
import type { StoredFlow } from './flows.js';

/** Test cards on the owner uri `homey:manager:enginetest`, recording what the actions were called with. */
export const OWNER = 'homey:manager:enginetest';
export const card = (local: string) => `${OWNER}:${local}`;

export interface ActionCall {
  card: string;
  args: Record<string, unknown>;
  tokens: Record<string, TokenValue>;
  duration?: number;
  time: number;
}

export interface TestCards {
  calls: ActionCall[];
  undone: Array<{ args: Record<string, unknown>; time: number }>;
  /** Fires the test trigger `fired` with this state (its `color` arg, when set, must equal state.color; `explode` throws). */
  fire(state?: Record<string, unknown>, tokens?: Record<string, TokenValue>): void;
}

/**
 * Adds a provider of test cards to the hub: trigger `fired` (arg color), conditions `is` (passes when its arg value is
 * true or "yes") and `throws`, actions `record` (answers the token count, undoes with a duration) and `fails`.
 */
export function addTestCards(hub: Hub): TestCards {
  const calls: ActionCall[] = [];
  const undone: TestCards['undone'] = [];
  const base = { ownerUri: OWNER, title: 'test', args: [] };
  const cards: Card[] = [
    {
      ...base,
      type: 'trigger',
      id: card('fired'),
      matches: (args, state) => {
        if (state.explode) throw new Error('the trigger broke');
        return !args.color || args.color === state.color;
      },
    },
    // Another trigger, never fired: flows moved to it must stop running on `fired`.
    { ...base, type: 'trigger', id: card('other') },
    { ...base, type: 'condition', id: card('is'), run: ({ args }) => args.value === true || args.value === 'yes' },
    {
      ...base,
      type: 'condition',
      id: card('throws'),
      run: () => {
        throw new Error('the condition broke');
      },
    },
    {
      ...base,
      type: 'action',
      id: card('record'),
      duration: true,
      run: ({ args, tokens, duration }) => {
        calls.push({ card: 'record', args, tokens, ...(duration ? { duration } : {}), time: hub.now() });
        return { tokens: { count: calls.length }, undo: () => void undone.push({ args, time: hub.now() }) };
      },
    },
    {
      ...base,
      type: 'action',
      id: card('fails'),
      run: () => {
        throw new Error('the action broke');
      },
    },
  ];
  hub.cards.add({ cards: () => cards });
  return {
    calls,
    undone,
    fire: (state = {}, tokens = {}) => hub.cards.fire({ cardId: card('fired'), tokens, state } satisfies TriggerFiring),
  };
}

export interface TestFlow {
  name?: string;
  enabled?: boolean;
  trigger?: CardEntry;
  conditions?: ConditionEntry[];
  actions?: ActionEntry[];
}

const ownerOf = (id: string) => id.split(':').slice(0, 3).join(':');

/** Stores a flow as the flow manager would (straight into the item store, with its defaults). */
export function storeFlow(hub: Hub, { trigger = { id: card('fired') }, conditions = [], actions = [], ...rest }: TestFlow): StoredFlow {
  const entry = (cardEntry: CardEntry) => ({ uri: ownerOf(cardEntry.id), droptoken: null, args: {}, ...cardEntry });
  const stored = {
    id: randomUUID(),
    name: 'Test flow',
    enabled: true,
    folder: null,
    order: 0,
    trigger: entry(trigger),
    conditions: conditions.map((condition) => ({ group: 'group1', inverted: false, ...entry(condition) })),
    actions: actions.map((action) => ({ group: 'then', delay: null, duration: null, ...entry(action) })),
    ...rest,
  };
  return hub.store.insert('flow', stored as StoredFlow);
}

export function storeAdvancedFlow(hub: Hub, cards: Record<string, AdvancedCard>, flow: Partial<Pick<StoredAdvancedFlow, 'name' | 'enabled'>> = {}): StoredAdvancedFlow {
  const stored = { id: randomUUID(), name: 'Test advanced flow', enabled: true, folder: null, order: 0, cards, ...flow };
  return hub.store.insert('advancedflow', stored as StoredAdvancedFlow);
}

/** Lets runs under way finish their awaited steps. */
export const settle = () => new Promise((resolve) => setImmediate(resolve));

export const record = (text: string, more: object = {}) => ({ id: card('record'), args: { text }, ...more });
