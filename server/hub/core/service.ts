import type { Hub, HubCore } from './context.js';

/** What a service gives that only runs (listeners, timers) until it stops. */
export type Nothing = Record<never, never>;

/** A started service: what it adds to the hub, and how it stops again. */
export interface Started<Gives extends object> {
  gives: Gives;
  stop?: () => void | Promise<void>;
}

/**
 * A part of the hub with its own start and stop, as fastify registers plugins. `start` gets the hub as built so far,
 * typed as the core plus `Needs` (the services it takes, which must have started before it), and returns what it
 * `Gives` to the services after it and to the handlers (`hub.flowEngine`). `whole` is the same object typed as it
 * will be once every service has started: for what the service keeps and uses later (on events and calls), when the
 * services after it are there too (the flow engine runs app cards; apps start flows).
 */
export interface HubService<Needs extends object, Gives extends object = Nothing> {
  readonly name: string;
  // A property, not a method, so that its parameter is checked contravariantly: needs the list lacks do not compile.
  readonly start: (hub: HubCore & Needs, whole: Hub) => Started<Gives>;
}

/**
 * The hub's services in the order they start, each started as it is added: `use` compiles only when what the
 * service needs has been given by the core or the services before it. `stop` stops them in reverse order.
 */
export class HubServices<Has extends HubCore> {
  private constructor(
    readonly hub: Has,
    private readonly stops: Array<() => void | Promise<void>>,
  ) {}

  static on<Core extends HubCore>(core: Core): HubServices<Core> {
    return new HubServices(core, []);
  }

  use<Gives extends object>(service: HubService<Has, Gives>): HubServices<Has & Gives> {
    // The one place the type runs ahead of the object: `whole` is whole once the last service has started.
    const { gives, stop } = service.start(this.hub, this.hub as unknown as Hub);
    for (const key of Object.keys(gives)) if (key in this.hub) throw new Error(`Hub service ${service.name} gives ${key}, which the hub has already`);
    if (stop) this.stops.push(stop);
    return new HubServices(Object.assign(this.hub, gives), this.stops);
  }

  /** Stops every started service, the last started first. */
  async stop(): Promise<void> {
    for (const stop of this.stops.splice(0).reverse()) await stop();
  }
}

/**
 * A service that only runs (listeners, timers) and gives nothing: `start` returns its stop. `Needs` names the
 * services that must have started before it.
 */
export const runs = <Needs extends object = Nothing>(name: string, start: (hub: Hub) => () => void | Promise<void>): HubService<Needs> => ({
  name,
  start: (_hub, whole) => ({ gives: {}, stop: start(whole) }),
});
