import type { EventBus } from '../../http/events.js';
import { namespaceMatcher } from './namespaces.js';

export type LogLevel = 'info' | 'debug';

const CAPACITY = 500;

/**
 * The hub's recent log, kept in memory for the diagnostic report: system events, item creations and deletions
 * on every manager, and every realtime event whose uri matches the debug namespaces.
 */
export class HubLog {
  private readonly lines: string[] = [];
  private debug: (uri: string) => boolean = () => false;

  /** `now`: the hub's clock, which the lines are stamped with. */
  constructor(bus: EventBus, private readonly now: () => number) {
    bus.subscribe(({ uri, event, data }) => {
      const id = data && typeof data === 'object' && 'id' in data ? ` ${String(data.id)}` : '';
      if (this.debug(uri)) this.write('debug', uri, `${event}${id}`);
      else if (uri.startsWith('homey:manager:') && /\.(create|delete)$/.test(event)) this.write('info', uri, `${event}${id}`);
    });
  }

  write(level: LogLevel, source: string, text: string): void {
    this.lines.push(`${new Date(this.now()).toISOString()} [${level}] ${source} ${text}`);
    if (this.lines.length > CAPACITY) this.lines.splice(0, this.lines.length - CAPACITY);
  }

  /** The newest lines, oldest first. */
  recent(limit = CAPACITY): string[] {
    return this.lines.slice(-limit);
  }

  /** Logs every event on uris matching these `debug`-style namespaces (`homey:device:*,-homey:device:abc`). */
  setDebug(namespaces: string): void {
    this.debug = namespaceMatcher(namespaces);
  }
}
