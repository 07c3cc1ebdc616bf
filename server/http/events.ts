import { Listeners } from './listeners.js';

/** One realtime event: sent to the subscribers of `uri` as the socket.io event `uri` with `(event, data)`. */
export interface RealtimeEvent {
  uri: string;
  event: string;
  data: unknown;
}

/** The in-process channel from the domain (item store, devices ...) to the realtime transport. */
export class EventBus {
  private readonly listeners = new Listeners<RealtimeEvent>('realtime events');

  publish(uri: string, event: string, data: unknown): void {
    this.listeners.tell({ uri, event, data });
  }

  subscribe(listener: (event: RealtimeEvent) => void): () => void {
    return this.listeners.add(listener);
  }
}
