import type { Hub } from '../core/context.js';
import type { Card, CardKey, CardProvider, CardType, TriggerFiring } from './cards.js';
import { WHOLE_HUB, type HubPart, type HubService, type Nothing } from '../core/service.js';

/** What changed among the indexed cards: those that went (by id and type) and those that came. */
export interface CardChange {
  gone: readonly CardKey[];
  added: readonly Card[];
}

const typeLetters: Readonly<Record<CardType, string>> = { trigger: 't', condition: 'c', action: 'a' };
const typeOfLetter: Readonly<Record<string, CardType>> = { t: 'trigger', c: 'condition', a: 'action' };

/**
 * An owner's cards as the index keeps them: one short string of a type letter and local id per card, space-separated
 * ("tonoff_changed aon ..."). The cards themselves are built again when asked for: kept for 3,000 devices, they
 * cost ten times the index (some 10 KB a device).
 */
const entryOf = (ownerUri: string, cards: readonly CardKey[]): string =>
  cards.map((card) => typeLetters[card.type] + card.id.slice(ownerUri.length + 1)).join(' ');

const entryCards = (ownerUri: string, entry: string | undefined): CardKey[] =>
  entry ? entry.split(' ').map((part) => ({ type: typeOfLetter[part[0]!]!, id: `${ownerUri}:${part.slice(1)}` })) : [];

/** `<ownerUri>` of a card id `<ownerUri>:<localId>` (owner uris have three parts). */
function ownerUriOf(id: string): string {
  let colon = -1;
  for (let part = 0; part < 3; part++) {
    colon = id.indexOf(':', colon + 1);
    if (colon < 0) return id;
  }
  return id.slice(0, colon);
}

/** The cards of one provider that follows items of the home: per owner uri, its entry; and the count of each type. */
interface Indexed {
  byOwner: Map<string, string>;
  counts: Record<CardType, number>;
}

/**
 * Every flow card of a hub, from its providers: the managers' built-in ones (flow/providers.ts) and apps'. The cards
 * of providers that follow items of the home (a device's cards come and go with it, see CardProvider.follow) are
 * indexed by owner once and then per owner that changes (as its committed event tells), so that a flow's create,
 * read or event finds a card by its owner instead of building the home's cards; the other providers' cards are few
 * and asked for when needed.
 */
export class CardRegistry {
  private readonly providers: CardProvider[] = [];
  private readonly firingListeners = new Set<(firing: TriggerFiring) => void>();
  private readonly changeListeners = new Set<(change: CardChange) => void>();
  private readonly stops = new Map<CardProvider, () => void>();
  private readonly indexed = new Map<CardProvider, Indexed>();

  constructor(private readonly hub: Hub) {}

  /** Adds a provider; its triggers are heard from now on. Returns its removal. */
  add(provider: CardProvider): () => void {
    this.providers.push(provider);
    const stops: Array<() => void> = [];
    if (provider.follow) {
      const index: Indexed = { byOwner: new Map(), counts: { trigger: 0, condition: 0, action: 0 } };
      this.indexed.set(provider, index);
      stops.push(provider.follow(this.hub, (ownerUri, cards) => this.replace(index, ownerUri, cards), (ownerUri, cards) => this.indexOwner(index, ownerUri, cards)));
    }
    const stopListening = provider.listen?.(this.hub, (firing) => this.fire(firing));
    if (stopListening) stops.push(stopListening);
    this.stops.set(provider, () => stops.forEach((stop) => stop()));
    return () => {
      this.providers.splice(this.providers.indexOf(provider), 1);
      this.indexed.delete(provider);
      this.stops.get(provider)?.();
      this.stops.delete(provider);
    };
  }

  /** An owner's cards are now `cards` in the index; returns those it had. */
  private indexOwner(index: Indexed, ownerUri: string, cards: readonly CardKey[]): CardKey[] {
    const before = entryCards(ownerUri, index.byOwner.get(ownerUri));
    for (const card of before) index.counts[card.type]--;
    for (const card of cards) index.counts[card.type]++;
    if (cards.length) index.byOwner.set(ownerUri, entryOf(ownerUri, cards));
    else index.byOwner.delete(ownerUri);
    return before;
  }

  /** An owner's cards are now `cards`: the index follows, and the change listeners hear what went and came. */
  private replace(index: Indexed, ownerUri: string, cards: readonly Card[]): void {
    const before = this.indexOwner(index, ownerUri, cards);
    const ids = new Set(cards.map((card) => card.id));
    const had = new Set(before.map((card) => card.id));
    const change: CardChange = { gone: before.filter((card) => !ids.has(card.id)), added: cards.filter((card) => !had.has(card.id)) };
    if (!change.gone.length && !change.added.length) return;
    for (const listener of this.changeListeners) listener(change);
  }

  /** Every card (of a type), in the providers' order: what the card lists answer. */
  all(type?: CardType): Card[] {
    const cards = this.providers.flatMap((provider) => provider.cards(this.hub));
    return type ? cards.filter((card) => card.type === type) : cards;
  }

  /** How many cards of a type there are, without building the indexed ones. */
  count(type: CardType): number {
    let count = 0;
    for (const provider of this.providers) {
      const index = this.indexed.get(provider);
      if (index) count += index.counts[type];
      else for (const card of provider.cards(this.hub)) if (card.type === type) count++;
    }
    return count;
  }

  get(id: string): Card | undefined {
    for (const provider of this.providers) {
      const index = this.indexed.get(provider);
      const card = index
        ? this.indexedCard(provider, index, id)
        : provider.card
          ? provider.card(this.hub, id)
          : provider.cards(this.hub).find((candidate) => candidate.id === id);
      if (card) return card;
    }
    return undefined;
  }

  /**
   * An indexed card, built from its owner alone and only when the index has it; a card of an owner not yet indexed
   * (made in a transaction that has not committed, so its event has not gone out) is asked for too.
   */
  private indexedCard(provider: CardProvider, index: Indexed, id: string): Card | undefined {
    const ownerUri = ownerUriOf(id);
    const entry = index.byOwner.get(ownerUri);
    const local = id.slice(ownerUri.length + 1);
    if (entry !== undefined && !entry.split(' ').some((part) => part.slice(1) === local)) return undefined;
    return provider.card?.(this.hub, id);
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Calls `listener` when indexed cards come or go (a device's, when it comes, goes or its capabilities change). */
  onChange(listener: (change: CardChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Calls `listener` with every trigger firing of every provider; returns the stop. */
  onFiring(listener: (firing: TriggerFiring) => void): () => void {
    this.firingListeners.add(listener);
    return () => this.firingListeners.delete(listener);
  }

  /** Tells the listeners (the flow engine) that a trigger fired. */
  fire(firing: TriggerFiring): void {
    for (const listener of this.firingListeners) listener(firing);
  }

  close(): void {
    for (const stop of this.stops.values()) stop();
    this.stops.clear();
  }
}

declare module '../core/context.js' {
  interface Hub {
    /** Every flow card of the home, from the managers' providers (and later apps'); the flow engine hears their triggers. */
    cards: CardRegistry;
  }
}

/** The hub's card registry, closed with the hub after every service that adds cards to it. */
export const cardRegistry: HubService<Nothing, Pick<Hub, 'cards'>, HubPart> = {
  name: 'cards',
  // Whole: the cards' providers (every manager's) follow and run their cards on the hub they are given.
  later: WHOLE_HUB,
  start: (hub) => {
    const cards = new CardRegistry(hub);
    return { gives: { cards }, stop: () => cards.close() };
  },
};
