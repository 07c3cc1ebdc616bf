import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/flow.js';
import { badRequest } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import type { CardType } from './cards.js';
import { checkCard, knownCards, patchedCommon, PROGRAMMATIC_TRIGGER, requireFolder } from './flows.js';
import { missesToken } from './tokens.js';

export type AdvancedFlow = components['schemas']['AdvancedFlow'];
export type AdvancedFlowCard = components['schemas']['AdvancedFlowCard'];
type AdvancedFlowCreate = components['schemas']['AdvancedFlowCreate'];
type AdvancedFlowUpdate = components['schemas']['AdvancedFlowUpdate'];
/** An advanced flow as stored: `broken` and `triggerable` are computed on every read and event. */
export type StoredAdvancedFlow = Omit<AdvancedFlow, 'broken' | 'triggerable'>;

declare module '../core/items.js' {
  interface HubItems {
    /** Without `broken` and `triggerable`, as a flow. */
    advancedflow: StoredAdvancedFlow;
  }
}

const OUTPUTS = ['outputSuccess', 'outputTrue', 'outputFalse', 'outputError'] as const;
const flowCardTypes = new Set<string>(['trigger', 'condition', 'action']);

/** The canvas cards that name a flow card, with that card's type. */
const namedCards = (flow: Pick<StoredAdvancedFlow, 'cards'>) =>
  Object.values(flow.cards).flatMap((card) => (flowCardTypes.has(card.type) && card.id ? [{ ...card, type: card.type as CardType, id: card.id }] : []));

export const advancedFlowCardIds = (flow: Pick<StoredAdvancedFlow, 'cards'>): string[] => namedCards(flow).map((card) => card.id);

/** Outputs that name no card of the flow. */
const danglingOutputs = (cards: StoredAdvancedFlow['cards']): string[] =>
  Object.values(cards).flatMap((card) => OUTPUTS.flatMap((output) => card[output] ?? [])).filter((uuid) => !Object.prototype.hasOwnProperty.call(cards, uuid));

export function advancedFlowView(hub: HubCore & Pick<Hub, 'appFlowTokens' | 'cards'>, flow: StoredAdvancedFlow, known = knownCards(hub)): AdvancedFlow {
  const cards = Object.values(flow.cards);
  return {
    ...flow,
    broken: advancedFlowCardIds(flow).some((id) => !known.has(id)) || danglingOutputs(flow.cards).length > 0 || missesToken(hub, namedCards(flow), known, true),
    triggerable: cards.some((card) => card.type === 'start' || (card.type === 'trigger' && card.id === PROGRAMMATIC_TRIGGER)),
  };
}

/** A 400 unless each flow card it names exists (new ones only, see checkCard) and every output names a card of it. */
function checkCanvas(hub: HubCore & Pick<Hub, 'cards'>, cards: StoredAdvancedFlow['cards'], had: ReadonlySet<string>): void {
  for (const [uuid, card] of Object.entries(cards)) {
    if (flowCardTypes.has(card.type) && !card.id) throw badRequest(`Card ${uuid}: a ${card.type} card needs the id of a flow card`);
  }
  const known = knownCards(hub);
  for (const card of namedCards({ cards })) checkCard(known, had, card.type, { uri: card.ownerUri, id: card.id, args: card.args });
  const dangling = danglingOutputs(cards);
  if (dangling.length) throw badRequest(`Outputs name cards the flow does not have: ${dangling.join(', ')}`);
}

export function buildAdvancedFlow(hub: HubCore & Pick<Hub, 'cards'>, input: AdvancedFlowCreate): StoredAdvancedFlow {
  requireFolder(hub, input.folder);
  const cards = input.cards ?? {};
  checkCanvas(hub, cards, new Set());
  return { id: randomUUID(), name: input.name!, enabled: input.enabled ?? true, folder: input.folder ?? null, order: input.order ?? 0, cards };
}

export function patchAdvancedFlow(hub: HubCore & Pick<Hub, 'cards'>, current: StoredAdvancedFlow, patch: AdvancedFlowUpdate): StoredAdvancedFlow {
  if (patch.folder !== undefined) requireFolder(hub, patch.folder);
  if (patch.cards) checkCanvas(hub, patch.cards, new Set(advancedFlowCardIds(current)));
  return { id: current.id, ...patchedCommon(current, patch), cards: patch.cards ?? current.cards };
}
