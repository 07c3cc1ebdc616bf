import type { components } from '../../../generated/hub/flow.js';
import { badRequest } from '../../http/errors.js';
import type { Hub } from '../core/context.js';
import { prepareArgs } from './card-args.js';
import { cardItem, ownerOf, requireCard } from './card-view.js';
import type { AutocompleteItem, CardType } from './cards.js';
import { flowCardIds, knownCards } from './flows.js';
import type { Tokens } from './tokens.js';

type FlowShare = components['schemas']['FlowShare'];
type CardCallBody = { args?: Record<string, unknown>; tokens?: Tokens; state?: Record<string, unknown>; droptoken?: string };

const cardTypeOf = new Map<string, CardType>([
  ['flowcardtrigger', 'trigger'],
  ['flowcardcondition', 'condition'],
  ['flowcardaction', 'action'],
]);

export async function runCondition(hub: Hub, uri: string, id: string, body: CardCallBody): Promise<{ result: boolean }> {
  const card = requireCard(hub, 'condition', uri, id);
  const tokens = body.tokens ?? {};
  const result = await card.run({ args: prepareArgs(hub, card, body, tokens), tokens, state: body.state ?? {} }, hub);
  return { result: result === true };
}

/** Runs an action; with a duration, on a card that has one, its undo runs on the hub clock after `duration` ms. */
export async function runAction(hub: Hub, uri: string, id: string, body: CardCallBody & { duration?: number }): Promise<Tokens> {
  const card = requireCard(hub, 'action', uri, id);
  const { duration } = body;
  if (duration && !card.duration) throw badRequest(`Card ${id} cannot be undone after a duration`);
  const tokens = body.tokens ?? {};
  const result = await card.run({ args: prepareArgs(hub, card, body, tokens), tokens, state: body.state ?? {}, duration }, hub);
  const undo = result?.undo;
  if (duration && undo) {
    hub.clock.at(hub.now() + duration, () => {
      Promise.resolve()
        .then(undo)
        .catch((error: Error) => hub.system.log.write('info', 'homey:manager:flow', `undoing ${id} after its duration failed: ${error.message}`));
    });
  }
  return result?.tokens ?? {};
}

/** An autocomplete arg's suggestions; an app's card asks its worker. */
export async function autocomplete(hub: Hub, type: string, uri: string, id: string, name: string, query: string, args: Record<string, unknown> = {}): Promise<AutocompleteItem[]> {
  const card = requireCard(hub, cardTypeOf.get(type) ?? 'trigger', uri, id);
  const arg = card.args.find((spec) => spec.name === name && spec.type === 'autocomplete');
  if (!arg || !card.autocomplete) throw badRequest(`Card ${id} has no autocomplete argument ${name}`);
  return (await card.autocomplete(name, query, hub, args)).slice(0, 100);
}

/** The things whose name contains `query` (any case), those starting with it first, then by name. */
export function matchByName<T extends { name: string }>(things: readonly T[], query: string): T[] {
  const wanted = query.trim().toLowerCase();
  const rank = (thing: T) => (thing.name.toLowerCase().startsWith(wanted) ? 0 : 1);
  return things
    .filter((thing) => thing.name.toLowerCase().includes(wanted))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** A portable copy of the flow (FlowShare): the flow as a createFlow body, and what and whose each card is. */
export function shareFlow(hub: Hub, id: string): FlowShare {
  const { name, enabled, trigger, conditions, actions } = hub.store.require('flow', id, 'Flow');
  const known = knownCards(hub);
  const cards = flowCardIds({ trigger, conditions, actions }).flatMap((cardId) => {
    const card = known.get(cardId);
    return card ? [card] : [];
  });
  return {
    format: 'flow',
    version: 1,
    sharedAt: new Date(hub.now()).toISOString(),
    hubId: hub.id,
    flow: { name, enabled, trigger, conditions, actions },
    cards: Object.fromEntries(cards.map((card) => [card.id, { type: card.type, title: cardItem(hub, card).title, ownerUri: card.ownerUri }])),
    owners: Object.fromEntries(cards.map((card) => [card.ownerUri, ownerOf(hub, card.ownerUri)])),
  };
}
