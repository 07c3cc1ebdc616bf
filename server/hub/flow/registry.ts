import type { Hub } from '../context.js';
import type { Card, CardProvider, CardType, TriggerFiring } from './cards.js';

/**
 * Every flow card of a hub, from its providers: the managers' built-in ones (flow/providers.ts) and, later, apps'.
 * Cards are computed from the home as it is now (a device's cards come and go with it), so nothing is cached here.
 */
export class CardRegistry {
  private readonly providers: CardProvider[] = [];
  private readonly firingListeners = new Set<(firing: TriggerFiring) => void>();
  private readonly stops = new Map<CardProvider, () => void>();

  /** `hub` is a getter: the registry is made while the hub is. */
  constructor(private readonly hubOf: () => Hub) {}

  private get hub(): Hub {
    return this.hubOf();
  }

  /** Adds a provider; its triggers are heard from now on. Returns its removal. */
  add(provider: CardProvider): () => void {
    this.providers.push(provider);
    const stop = provider.listen?.(this.hub, (firing) => this.fire(firing));
    if (stop) this.stops.set(provider, stop);
    return () => {
      this.providers.splice(this.providers.indexOf(provider), 1);
      this.stops.get(provider)?.();
      this.stops.delete(provider);
    };
  }

  all(type?: CardType): Card[] {
    const cards = this.providers.flatMap((provider) => provider.cards(this.hub));
    return type ? cards.filter((card) => card.type === type) : cards;
  }

  get(id: string): Card | undefined {
    for (const provider of this.providers) {
      const card = provider.card ? provider.card(this.hub, id) : provider.cards(this.hub).find((candidate) => candidate.id === id);
      if (card) return card;
    }
    return undefined;
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
