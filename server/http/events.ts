/** One realtime event: sent to the subscribers of `uri` as the socket.io event `uri` with `(event, data)`. */
export interface RealtimeEvent {
  uri: string;
  event: string;
  data: unknown;
}

type Listener = (event: RealtimeEvent) => void;

/** The in-process channel from the domain (item store, devices ...) to the realtime transport. */
export class EventBus {
  private readonly listeners = new Set<Listener>();

  /**
   * Hands the event to every listener. A listener that throws is logged and skipped: the write behind the event is
   * committed already, so its caller must not see a failure, and the other listeners still get the event.
   */
  publish(uri: string, event: string, data: unknown): void {
    const published: RealtimeEvent = { uri, event, data };
    for (const listener of this.listeners) {
      try {
        listener(published);
      } catch (error) {
        console.error(`A listener of ${uri} ${event} failed:`, error);
      }
    }
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
