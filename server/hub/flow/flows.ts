import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/flow.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { requireArgs } from './card-args.js';
import type { Card, CardType } from './cards.js';
import { missesToken } from './tokens.js';

export type Flow = components['schemas']['Flow'];
export type FlowCreate = components['schemas']['FlowCreate'];
export type FlowUpdate = components['schemas']['FlowUpdate'];
/** A flow as stored: `broken` and `triggerable` are computed on every read and event (flowView). */
export type StoredFlow = Omit<Flow, 'broken' | 'triggerable'>;

declare module '../core/items.js' {
  interface HubItems {
    /** Without `broken` and `triggerable`: reads and events compute them from the home's cards (flow-views.ts). */
    flow: StoredFlow;
  }
}

/** The manual trigger: a flow that starts with it can be started by hand (triggerFlow, the "start a flow" card). */
export const PROGRAMMATIC_TRIGGER = 'homey:manager:flow:programmatic_trigger';

/** How flows look their cards up: by id, in the registry's index (never by listing the home's cards). */
export type CardLookup = Pick<ReadonlyMap<string, Card>, 'get' | 'has'>;

export const knownCards = (hub: HubCore & Pick<Hub, 'cards'>): CardLookup => hub.cards;

export const flowCardIds = (flow: Pick<StoredFlow, 'trigger' | 'conditions' | 'actions'>): string[] => [
  flow.trigger.id,
  ...flow.conditions.map((card) => card.id),
  ...flow.actions.map((card) => card.id),
];

/** Broken: a card it uses, or a token one of its cards takes, is missing. */
export function flowView(hub: HubCore & Pick<Hub, 'appFlowTokens' | 'cards'>, flow: StoredFlow, known = knownCards(hub)): Flow {
  const broken = flowCardIds(flow).some((id) => !known.has(id)) || missesToken(hub, [flow.trigger, ...flow.conditions, ...flow.actions], known, false);
  return { ...flow, broken, triggerable: flow.trigger.id === PROGRAMMATIC_TRIGGER };
}

export function requireFolder(hub: HubCore, id: string | null | undefined): void {
  if (id && !hub.store.get('flowfolder', id)) throw notFound(`Flow folder ${id}`);
}

/**
 * A 400 unless the card exists with this type, its id belongs to its uri and it carries its required args. A card
 * the flow had already may be missing: a flow whose device was removed can still be renamed.
 */
export function checkCard(
  known: CardLookup, had: ReadonlySet<string>, type: CardType, entry: { uri?: string; id: string; args?: Record<string, unknown> },
): void {
  if (entry.uri !== undefined && !entry.id.startsWith(`${entry.uri}:`)) throw badRequest(`Card ${entry.id} does not belong to ${entry.uri}`);
  const card = known.get(entry.id);
  if (!card || card.type !== type) {
    if (had.has(entry.id)) return;
    throw badRequest(`No ${type} card ${entry.id}`);
  }
  requireArgs(card, entry.args ?? {});
}

type Fields = Pick<FlowCreate, 'trigger' | 'conditions' | 'actions'>;

/** The cards with every optional field filled in, as stored. */
function normalized({ trigger, conditions, actions }: Fields): Pick<StoredFlow, 'trigger' | 'conditions' | 'actions'> {
  return {
    trigger: { uri: trigger!.uri, id: trigger!.id, droptoken: trigger!.droptoken ?? null, args: trigger!.args ?? {} },
    conditions: (conditions ?? []).map((card) => ({
      uri: card.uri, id: card.id, droptoken: card.droptoken ?? null, args: card.args ?? {}, group: card.group ?? 'group1', inverted: card.inverted ?? false,
    })),
    actions: (actions ?? []).map((card) => ({
      uri: card.uri, id: card.id, droptoken: card.droptoken ?? null, args: card.args ?? {}, group: card.group ?? 'then',
      duration: card.duration ?? null, delay: card.delay ?? null,
    })),
  };
}

function checkCards(hub: HubCore & Pick<Hub, 'cards'>, flow: Pick<StoredFlow, 'trigger' | 'conditions' | 'actions'>, had: ReadonlySet<string>): void {
  const known = knownCards(hub);
  checkCard(known, had, 'trigger', flow.trigger);
  for (const card of flow.conditions) checkCard(known, had, 'condition', card);
  for (const card of flow.actions) checkCard(known, had, 'action', card);
}

export function buildFlow(hub: HubCore & Pick<Hub, 'cards'>, input: FlowCreate): StoredFlow {
  requireFolder(hub, input.folder);
  const cards = normalized(input);
  checkCards(hub, cards, new Set());
  return { id: randomUUID(), name: input.name!, enabled: input.enabled ?? true, folder: input.folder ?? null, order: input.order ?? 0, ...cards };
}

/** Fields flows and advanced flows share, as a patch leaves them: a folder given as null moves to the top. */
export function patchedCommon<T extends { name: string; enabled: boolean; folder: string | null; order: number }>(
  current: T, patch: { name?: string; enabled?: boolean; folder?: string | null; order?: number },
): Pick<T, 'name' | 'enabled' | 'folder' | 'order'> {
  return {
    name: patch.name ?? current.name,
    enabled: patch.enabled ?? current.enabled,
    folder: patch.folder === undefined ? current.folder : patch.folder,
    order: patch.order ?? current.order,
  };
}

/** The flow with the patch's fields replaced; `id`, `broken` and `triggerable` sent back are ignored. */
export function patchFlow(hub: HubCore & Pick<Hub, 'cards'>, current: StoredFlow, patch: FlowUpdate): StoredFlow {
  if (patch.folder !== undefined) requireFolder(hub, patch.folder);
  const cards = normalized({
    trigger: patch.trigger ?? current.trigger,
    conditions: patch.conditions ?? current.conditions,
    actions: patch.actions ?? current.actions,
  });
  checkCards(hub, cards, new Set(flowCardIds(current)));
  return { id: current.id, ...patchedCommon(current, patch), ...cards };
}
