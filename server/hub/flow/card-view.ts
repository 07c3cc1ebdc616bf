import type { components } from '../../../generated/hub/flow.js';
import { notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import type { Card, CardType } from './cards.js';

type FlowCardTrigger = components['schemas']['FlowCardTrigger'];
type FlowCardCondition = components['schemas']['FlowCardCondition'];
type FlowCardAction = components['schemas']['FlowCardAction'];
export type FlowCardItem = FlowCardTrigger | FlowCardCondition | FlowCardAction;
export type FlowCardOwner = components['schemas']['FlowCardOwner'];

/** Realtime item type of each card type (`flowcardtrigger.create` ...). */
export const itemTypeOf: Readonly<Record<CardType, string>> = {
  trigger: 'flowcardtrigger',
  condition: 'flowcardcondition',
  action: 'flowcardaction',
};

/** What the editor calls the hub's own card owners. */
const managerNames = new Map([
  ['flow', 'Flows'],
  ['cron', 'Date & time'],
  ['logic', 'Logic'],
  ['alarms', 'Alarms'],
  ['presence', 'Presence'],
  ['notifications', 'Notifications'],
  ['moods', 'Moods'],
]);

/** The colour of the hub's own card owners (its managers), as of an app without a brand colour. */
const MANAGER_COLOR = '#888888';

/** Who owns the cards of `ownerUri`, for showing them: a device by its name, a manager by its title, an app by its name. */
export function ownerOf(hub: HubCore, ownerUri: string): FlowCardOwner {
  const [, kind = '', id = ''] = ownerUri.split(':');
  if (kind === 'device') return { kind, id, name: hub.store.get('device', id)?.name ?? id };
  if (kind === 'manager') return { kind, id, name: managerNames.get(id) ?? id };
  return { kind: 'app', id, name: hub.store.get('app', id)?.name ?? id };
}

/** What a card tells of its owner beside its uri (seed 001 §3): id, name, colour and icon. */
function ownerFields(hub: HubCore, owner: FlowCardOwner): Pick<FlowCardCondition, 'ownerId' | 'ownerName' | 'color' | 'iconObj'> {
  const named = { ownerId: owner.id, ownerName: owner.name };
  if (owner.kind === 'device') {
    const device = hub.store.get('device', owner.id);
    return { ...named, color: device?.color ?? MANAGER_COLOR, iconObj: device?.iconObj ?? null };
  }
  if (owner.kind === 'app') {
    const app = hub.store.get('app', owner.id);
    return { ...named, color: app?.brandColor ?? MANAGER_COLOR, iconObj: app?.iconObj ?? null };
  }
  return { ...named, color: MANAGER_COLOR, iconObj: null };
}

/** A card as the API answers it (PROTOCOL.md §3: no `uri`; the owner is `ownerUri`). */
export function cardItem(hub: HubCore, card: Card): FlowCardItem {
  const owner = ownerOf(hub, card.ownerUri);
  const item: FlowCardCondition = {
    id: card.id,
    ownerUri: card.ownerUri,
    ...ownerFields(hub, owner),
    uriObj: owner,
    title: card.title,
    titleFormatted: card.titleFormatted ?? card.title,
    hint: card.hint ?? '',
    args: card.args.map((arg) => ({ ...arg, required: arg.required ?? true })),
    duration: card.duration ?? false,
    droptoken: card.droptoken ?? false,
    deprecated: card.deprecated ?? false,
    advanced: card.advanced ?? false,
    highlight: card.highlight ?? false,
  };
  return card.type === 'condition' ? item : { ...item, tokens: card.tokens ?? [] };
}

/** Every card of a type, keyed by id. */
export function cardList(hub: HubCore & Pick<Hub, 'cards'>, type: CardType): Record<string, FlowCardItem> {
  return Object.fromEntries(hub.cards.all(type).map((card) => [card.id, cardItem(hub, card)]));
}

/** The card of `type` with this id and owner, or a 404. */
export function requireCard<T extends CardType>(hub: HubCore & Pick<Hub, 'cards'>, type: T, ownerUri: string, id: string): Extract<Card, { type: T }> {
  const card = hub.cards.get(id);
  if (!card || card.type !== type || card.ownerUri !== ownerUri) throw notFound(`Flow card ${id}`);
  return card as Extract<Card, { type: T }>;
}
