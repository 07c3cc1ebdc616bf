import { log } from './log.js';

/**
 * Listeners of one kind of news (realtime events, alarms going off, presence changes). Each is called in turn; one
 * that throws is logged and skipped, so that the others still hear of it and whoever caused the news, whose write
 * is committed already, does not see a failure.
 */
export class Listeners<T> {
  private readonly listeners = new Set<(news: T) => void>();

  constructor(private readonly what: string) {}

  /** Calls `listener` with each piece of news until the returned function is called. */
  add(listener: (news: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  tell(news: T): void {
    for (const listener of this.listeners) {
      try {
        listener(news);
      } catch (error) {
        log.error({ err: error }, `A listener of ${this.what} failed`);
      }
    }
  }
}

/**
 * One Listeners per owner (a hub), created on first use: domain news (presence, capability values) is told to
 * in-process listeners such as the flow engine and insights without widening the owner's interface.
 */
export function listenersPer<Owner extends object, T>(what: string): (owner: Owner) => Listeners<T> {
  const byOwner = new WeakMap<Owner, Listeners<T>>();
  return (owner) => {
    let listeners = byOwner.get(owner);
    if (!listeners) byOwner.set(owner, (listeners = new Listeners<T>(what)));
    return listeners;
  };
}
