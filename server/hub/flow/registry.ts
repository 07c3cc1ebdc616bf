import type { Hub } from '../context.js';
import type { Card, CardProvider, CardType, TriggerFiring } from './cards.js';

/** What changed among the indexed cards: those that went and those that came (a changed card is both). */
export interface CardChange {
  gone: readonly Card[];
  added: readonly Card[];
}

/** The cards of one provider that follows items of the home, indexed by owner uri and by id. */
interface Indexed {
  byOwner: Map<string, readonly Card[]>;
  byId: Map<string, Card>;
  counts: Record<CardType, number>;
}

/**
 * Every flow card of a hub, from its providers: the managers' built-in ones (flow/providers.ts) and apps'. The cards
 * of providers that follow items of the home (a device's cards come and go with it, see CardProvider.follow) are
 * built once and then per owner that changes (as its committed event tells), and indexed by id, so that a flow's create, read or event looks its
 * cards up instead of building the home's; the other providers' cards are few and asked for when needed.
 */
export class CardRegistry {
  private readonly providers: CardProvider[] = [];
  private readonly firingListeners = new Set<(firing: TriggerFiring) => void>();
  private readonly changeListeners = new Set<(change: CardChange) => void>();
  private readonly stops = new Map<CardProvider, () => void>();
  private readonly indexed = new Map<CardProvider, Indexed>();

  /** `hub` is a getter: the registry is made while the hub is. */
  constructor(private readonly hubOf: () => Hub) {}

  private get hub(): Hub {
    return this.hubOf();
  }

  /** Adds a provider; its triggers are heard from now on. Returns its removal. */
  add(provider: CardProvider): () => void {
    this.providers.push(provider);
    const stops: Array<() => void> = [];
    if (provider.follow) {
      const index: Indexed = { byOwner: new Map(), byId: new Map(), counts: { trigger: 0, condition: 0, action: 0 } };
      this.indexed.set(provider, index);
      const byOwner = new Map<string, Card[]>();
      for (const card of provider.cards(this.hub)) byOwner.set(card.ownerUri, [...(byOwner.get(card.ownerUri) ?? []), card]);
      for (const [ownerUri, cards] of byOwner) this.replace(index, ownerUri, cards, false);
      stops.push(provider.follow(this.hub, (ownerUri, cards) => this.replace(index, ownerUri, cards)));
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

  /** An owner's cards are now `cards`: the index follows, and the change listeners hear what went and came. */
  private replace(index: Indexed, ownerUri: string, cards: readonly Card[], tell = true): void {
    const before = index.byOwner.get(ownerUri) ?? [];
    for (const card of before) {
      index.byId.delete(card.id);
      index.counts[card.type]--;
    }
    for (const card of cards) {
      index.byId.set(card.id, card);
      index.counts[card.type]++;
    }
    if (cards.length) index.byOwner.set(ownerUri, cards);
    else index.byOwner.delete(ownerUri);
    const ids = new Set(cards.map((card) => card.id));
    const had = new Set(before.map((card) => card.id));
    const change: CardChange = { gone: before.filter((card) => !ids.has(card.id)), added: cards.filter((card) => !had.has(card.id)) };
    if (!tell || (!change.gone.length && !change.added.length)) return;
    for (const listener of this.changeListeners) listener(change);
  }

  /** Every card (of a type), in the providers' order: what the card lists answer. */
  all(type?: CardType): Card[] {
    const cards = this.providers.flatMap((provider) => {
      const index = this.indexed.get(provider);
      return index ? [...index.byId.values()] : provider.cards(this.hub);
    });
    return type ? cards.filter((card) => card.type === type) : cards;
  }

  /** How many cards of a type there are, without listing the indexed ones. */
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
      // An indexed card is found by id; one of an owner not yet indexed (made in a transaction that has not
      // committed, so its event has not gone out) is asked of its provider.
      const card = index
        ? (index.byId.get(id) ?? provider.card?.(this.hub, id))
        : provider.card
          ? provider.card(this.hub, id)
          : provider.cards(this.hub).find((candidate) => candidate.id === id);
      if (card) return card;
    }
    return undefined;
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
