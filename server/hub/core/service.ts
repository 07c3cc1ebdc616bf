import { Listeners } from '../../http/listeners.js';
import type { Hub, HubCore } from './context.js';

/** What a service gives that only runs (listeners, timers) until it stops. */
export type Nothing = Record<never, never>;

/** A started service: what it adds to the hub, and how it stops again. */
export interface Started<Gives extends object> {
  gives: Gives;
  stop?: () => void | Promise<void>;
}

/** The parts of the hub its services give (each by a `declare module` augmentation of `Hub` beside its service). */
export type HubPart = Exclude<keyof Hub, keyof HubCore>;

/**
 * The parts a service uses only later, on events and calls, and that may start after it: a record rather than a
 * list, so that the compiler checks that it names each of them once, no more and no fewer.
 */
export type LateNeeds<Later extends HubPart> = { readonly [Part in Later]: true };

/**
 * Every part of the hub, for a service whose modules take the whole hub (its manager's functions are typed `Hub`):
 * a part added to `Hub` and missing here does not compile.
 */
export const WHOLE_HUB: LateNeeds<HubPart> = {
  accounts: true,
  appFlowTokens: true,
  apps: true,
  backups: true,
  capabilityChanges: true,
  cards: true,
  cloudBackups: true,
  cloudPushes: true,
  cloudWebhookCalls: true,
  cloudCalls: true,
  devkit: true,
  energy: true,
  energyDongles: true,
  experimentChanges: true,
  flowEngine: true,
  flowViews: true,
  groupsByMember: true,
  infraredKeys: true,
  insights: true,
  ledRing: true,
  notificationPushes: true,
  presenceChanges: true,
  radioChanges: true,
  radios: true,
  rf: true,
  satellites: true,
  sdkBridge: true,
  serving: true,
  setup: true,
  sunWatching: true,
  transitions: true,
  updates: true,
  videoStreams: true,
  weatherAnswers: true,
  webhookCalls: true,
  widgets: true,
};

/**
 * A part of the hub with its own start and stop, as fastify registers plugins. `start` gets the hub typed as what
 * the service declares and nothing more: the core, `Needs` (services that must have started before it: the list
 * does not compile otherwise) and the `Later` parts named in `later` (services it uses only later, on events and
 * calls, which may start after it; reading one before it has started throws an error that names both). It returns
 * what it `Gives` to the services after it and to the handlers (`hub.flowEngine`).
 */
export interface HubService<Needs extends object, Gives extends object = Nothing, Later extends HubPart = never> {
  readonly name: string;
  readonly later?: LateNeeds<Later>;
  readonly start: (hub: HubCore & Needs & Pick<Hub, Later>) => Started<Gives>;
}

/** The needs of a service that the services before it have not given: a list that leaves one out does not compile. */
type Unmet<Has, Needs> = [Exclude<keyof Needs, keyof Has>] extends [never] ? [] : [needsNotStartedBefore: Exclude<keyof Needs, keyof Has>];
/** The late needs of the started services that no service has given: a list naming one does not finish. */
type Missing<Has, Wants> = [Exclude<Wants, keyof Has>] extends [never] ? [] : [lateNeedsNeverStarted: Exclude<Wants, keyof Has>];

/**
 * The hub's services in the order they start, each started as it is added: `use` compiles only when what the
 * service needs has been given by the core or the services before it, and `finish` only when every late need of
 * theirs has been given too. `stop` stops them in reverse order.
 */
export class HubServices<Has extends HubCore, Wants extends HubPart = never> {
  private constructor(
    readonly hub: Has,
    private readonly stops: Array<() => void | Promise<void>>,
    /** Late needs not given yet: the hub answers each with a getter that throws until its service starts. */
    private readonly pending: Set<string>,
  ) {}

  static on<Core extends HubCore>(core: Core): HubServices<Core> {
    return new HubServices(core, [], new Set());
  }

  use<Needs extends object, Gives extends object, Later extends HubPart = never>(
    service: HubService<Needs, Gives, Later>,
    ...unmet: Unmet<Has, Needs>
  ): HubServices<Has & Gives, Wants | Later> {
    void unmet;
    for (const part of Object.keys(service.later ?? {})) {
      if (part in this.hub) continue;
      this.pending.add(part);
      Object.defineProperty(this.hub, part, {
        configurable: true,
        get: () => {
          throw new Error(`Hub service ${service.name} used hub.${part}, whose service has not started yet`);
        },
      });
    }
    // What the compiler cannot relate: Unmet checked that the hub has Needs; each late part is there, or its getter above.
    const { gives, stop } = service.start(this.hub as unknown as HubCore & Needs & Pick<Hub, Later>);
    for (const key of Object.keys(gives)) {
      if (this.pending.delete(key)) delete (this.hub as Record<string, unknown>)[key];
      else if (key in this.hub) throw new Error(`Hub service ${service.name} gives ${key}, which the hub has already`);
    }
    if (stop) this.stops.push(stop);
    return new HubServices(Object.assign(this.hub, gives), this.stops, this.pending);
  }

  /** The hub once every service has started: what each needed later has been given. */
  finish(...missing: Missing<Has, Wants>): Has {
    if (this.pending.size) throw new Error(`Hub services need ${[...this.pending].join(', ')}, which no service gave`);
    void missing;
    return this.hub;
  }

  /** Stops every started service, the last started first. */
  async stop(): Promise<void> {
    for (const stop of this.stops.splice(0).reverse()) await stop();
  }
}

/**
 * A service that only runs (listeners, timers) and gives nothing: `start` returns its stop. It needs the services
 * of `Needs` started before it, and uses those of `later` once they have started.
 */
export const runs = <Needs extends object = Nothing, Later extends HubPart = never>(
  name: string,
  later: LateNeeds<Later>,
  // Not inferred from `start` (whose functions often take the whole hub): Needs is what the caller names.
  start: (hub: HubCore & NoInfer<Needs> & Pick<Hub, NoInfer<Later>>) => () => void | Promise<void>,
): HubService<Needs, Nothing, Later> => ({ name, later, start: (hub) => ({ gives: {}, stop: start(hub) }) });

/** The parts of the hub that are one kind of news (a `Listeners`), each given by the service of the news' owner. */
type NewsPart = { [Part in HubPart]: Hub[Part] extends Listeners<infer _News> ? Part : never }[HubPart];

/**
 * The service of one kind of news (`hub.presenceChanges`): in-process listeners such as the flow engine and insights
 * hear it while the hub runs, and its stop forgets them, so that none outlives the hub.
 */
export const news = <Part extends NewsPart>(part: Part, what: string): HubService<Nothing, Pick<Hub, Part>> => ({
  name: what,
  start: () => {
    const listeners = new Listeners(what);
    // A computed key widens to a string index: `part` is the one key, and Hub[Part] a Listeners of that news.
    return { gives: { [part]: listeners } as Pick<Hub, Part>, stop: () => listeners.clear() };
  },
});
