import { EventEmitter } from 'node:events';

/** One realtime event: sent to the subscribers of `uri` as the socket.io event `uri` with `(event, data)`. */
export interface RealtimeEvent {
  uri: string;
  event: string;
  data: unknown;
}

/** The in-process channel from the domain (item store, devices ...) to the realtime transport. */
export class EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(uri: string, event: string, data: unknown): void {
    this.emitter.emit('event', { uri, event, data } satisfies RealtimeEvent);
  }

  subscribe(listener: (event: RealtimeEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
