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

  /** Forgets every listener (their owner stops): none hears of news again. */
  clear(): void {
    this.listeners.clear();
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
