import type { Session } from './api.js';
import { Listeners } from './listeners.js';

/** Who may receive an event beyond the scope of its uri (a notification meant for some roles only). */
export type Audience = (session: Session) => boolean;

/** One realtime event: sent to the subscribers of `uri` as the socket.io event `uri` with `(event, data)`. */
export interface RealtimeEvent {
  uri: string;
  event: string;
  data: unknown;
  /** When given, only subscribers whose session it accepts receive the event. */
  audience?: Audience;
}

/** The in-process channel from the domain (item store, devices ...) to the realtime transport. */
export class EventBus {
  private readonly listeners = new Listeners<RealtimeEvent>('realtime events');

  publish(uri: string, event: string, data: unknown, audience?: Audience): void {
    this.listeners.tell(audience ? { uri, event, data, audience } : { uri, event, data });
  }

  subscribe(listener: (event: RealtimeEvent) => void): () => void {
    return this.listeners.add(listener);
  }
}
