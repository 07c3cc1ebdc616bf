import { APIError, messages } from '../errors.js';
import type { HubAPI } from './hub-api.js';

interface CardEntry {
  id: string;
  droptoken?: string | null;
  args?: Record<string, unknown> | null;
}
type CardType = 'trigger' | 'condition' | 'action';
/** A flow (trigger, conditions, actions) or an advanced flow (cards by id, each with its type). */
export type FlowLike =
  | { trigger: CardEntry; conditions: CardEntry[]; actions: CardEntry[] }
  | { cards: Record<string, CardEntry & { type: CardType }> };

const REFERENCE = /\[\[([^[\]]+)\]\]/g;

/**
 * Whether a flow is broken (seed 001 §4): a card it uses, a token dropped on a card or a token its arguments refer
 * to (`[[ref]]`) is missing. A reference is a token of an earlier card of the flow (the trigger's, an action's) or a
 * global token `<ownerUri>|<id>`, the flow token `<ownerUri>:<id>`. It reads the cards and tokens from the cache,
 * so the flow and flowtoken managers must be connected.
 */
export async function isFlowBroken(hub: HubAPI, flow: FlowLike): Promise<boolean> {
  return (await whyFlowIsBroken(hub, flow)) !== undefined;
}

/**
 * What breaks a flow, the first problem in card order: 'Missing Card: {card id}' or 'Missing Token: {reference}'
 * (a dropped or referenced token); undefined for a whole flow. The same rules and preconditions as isFlowBroken.
 */
export async function whyFlowIsBroken(hub: HubAPI, flow: FlowLike): Promise<APIError | undefined> {
  if (!hub.flow.isConnected() || !hub.flowtoken.isConnected()) throw new Error(messages.flowIsBroken);
  const [triggers, conditions, actions, tokens] = await Promise.all([
    hub.flow.getFlowCardTriggers(),
    hub.flow.getFlowCardConditions(),
    hub.flow.getFlowCardActions(),
    hub.flowtoken.getFlowTokens(),
  ]);
  type Cards = Record<string, { tokens?: { id: string }[] }>;
  const cards = new Map<CardType, Cards>([
    ['trigger', triggers],
    ['condition', conditions as Cards],
    ['action', actions],
  ]);
  const entries: [CardType, CardEntry][] =
    'cards' in flow
      ? Object.values(flow.cards).map((card) => [card.type, card])
      : [['trigger', flow.trigger], ...flow.conditions.map((card) => ['condition', card] as [CardType, CardEntry]), ...flow.actions.map((card) => ['action', card] as [CardType, CardEntry])];
  // An advanced flow's cards may hand tokens in any order: every card's own tokens count.
  const local = new Set<string>();
  const own = (type: CardType, id: string) => {
    const list = cards.get(type)!;
    return Object.hasOwn(list, id) ? list[id] : undefined;
  };
  if ('cards' in flow) for (const [type, entry] of entries) for (const token of own(type, entry.id)?.tokens ?? []) local.add(token.id);
  const known = (reference: string) => {
    if (local.has(reference)) return true;
    const bar = reference.indexOf('|');
    return bar > 0 && Object.hasOwn(tokens, `${reference.slice(0, bar)}:${reference.slice(bar + 1)}`);
  };
  for (const [type, entry] of entries) {
    const card = own(type, entry.id);
    if (!card) return new APIError(messages.missingFlowCard(entry.id));
    const references = Object.values(entry.args ?? {}).flatMap((arg) => (typeof arg === 'string' ? [...arg.matchAll(REFERENCE)].map(([, reference]) => reference!) : []));
    const missing = [entry.droptoken ?? '', ...references].find((reference) => reference && !known(reference));
    if (missing) return new APIError(messages.missingFlowToken(missing));
    for (const token of card.tokens ?? []) local.add(token.id);
  }
  return undefined;
}
