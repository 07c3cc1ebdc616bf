import type { CallContext } from '../../http/dispatcher.js';
import type { Clock } from '../../http/clock.js';
import type { AlarmScheduler } from '../alarms/scheduler.js';
import type { EventBus } from '../../http/events.js';
import type { Db } from '../../http/db.js';
import type { HubStore } from './items.js';
import type { SessionService, HubSession } from '../access/sessions.js';
import type { Settings } from './settings.js';
import type { SystemState } from '../system/state.js';

export interface HubConfig {
  /** Folder of the hub's SQLite file (hub.sqlite); kept across restarts. */
  dataDir: string;
  /** PEM public key of the cloud account service, for delegation tokens (POST /api/manager/users/login). */
  cloudPublicKey?: string;
  /** The cloud's shared secret; when set, sharing-invite acceptance (POST /api/manager/users/accept) must carry it. */
  cloudSharedSecret?: string;
  /** Seed the demo home on first start. */
  demoHome: boolean;
  /**
   * With `demoHome`: also install the demo home's apps (server/hub/apps/demo.ts), whose workers start with the hub.
   * Default true; test hubs leave them out unless a test uses them, as each costs a worker thread's start.
   */
  demoApps?: boolean;
  /** Validate every response against the contract (tests, strict mode). */
  validateResponses: boolean;
  /** Stack traces in error bodies. Never in production. */
  development: boolean;
  /** Folder of the rendered API docs, served at /docs. */
  docsDir?: string;
  /** Host names the hub answers to beside its own (HostAllowList), e.g. a name given to it on the local DNS. */
  hostNames?: readonly string[];
  /** The clock of the hub's time-based rules and timers; tests pass a FakeClock. Default the machine's clock. */
  clock?: Clock;
  /**
   * Base URL of the cloud weather service (AthomWeatherAPI: `GET <weatherUrl>/weather?latitude&longitude&homey&language`)
   * that answers the geolocation manager's GET /weather. Unset: that call answers 503 (the hub has no weather of its own).
   */
  weatherUrl?: string;
  /**
   * Base URL of the cloud energy service (AthomEnergyAPI: zones and day-ahead prices) whose market prices
   * fetchDynamicElectricityPrices answers for the chosen zone. Unset: the user's tariff table stands in for them.
   */
  energyUrl?: string;
  /**
   * Base URL of the cloud connect service (AthomConnectAPI). With `hubSecret`, the listening hub keeps a tunnel
   * open to it (re-opened with backoff), through which clients reach it from anywhere (its record's `remoteUrl`).
   */
  connectUrl?: string;
  /**
   * Base URL of the cloud backup service (AthomBackupAPI). With `hubSecret` and an owner signed in with a cloud
   * account, each finished backup is also uploaded there for the owner (server/hub/backup/cloud-backups.ts).
   */
  backupUrl?: string;
  /**
   * Base URL of the cloud push notification service (AthomNotificationsAPI). With `hubSecret`, each notification
   * whose owner has push on goes to the phones of the hub's users signed in with a cloud account.
   */
  notificationsUrl?: string;
  /**
   * Base URL of the cloud local certificate service (AthomDNSAPI). With `hubSecret`, `listenSecure` serves the hub
   * over HTTPS with the certificate for its local name it asks there, renewed before it ends (its `localUrlSecure`).
   */
  certificateUrl?: string;
  /**
   * Base URL of the cloud OAuth2 callback service (AthomCallbackAPI). With `hubSecret`, apps sign in with providers
   * through it (`homey.cloud.createOAuth2Callback`): the codes come back through the connect service.
   */
  callbackUrl?: string;
  /**
   * Base URL of the cloud webhooks service (AthomWebhooksAPI). With `hubSecret`, apps register for webhooks there
   * (`homey.cloud.createWebhook`): their calls come back through the connect service, or at `publicUrl`.
   */
  webhooksUrl?: string;
  /**
   * The hub's base URL as the cloud reaches it directly (a public address or a forwarded port), registered with its
   * webhooks as their `callback_url`: calls go there when the hub's tunnel is down. Unset: through the tunnel only.
   */
  publicUrl?: string;
  /**
   * Base URL of the cloud setup service (AthomSetupAPI) whose sessions a new hub takes part in when a client hands
   * it one without naming the service (the system manager's joinSetupSession).
   */
  setupUrl?: string;
  /** The serial number the hub was made with: a setup session is opened for it, and the hub tells it when it joins. */
  serialNumber?: string;
  /** The hub's credential for the cloud services it calls with `secret` (`<hubId>.<mac>`, issued by the deployment). */
  hubSecret?: string;
  /** The espeak-ng program speech output lists voices and synthesizes with (a name on PATH or a path). Default `espeak-ng`. */
  espeakNg?: string;
  /**
   * The cloud app store (AthomAppsAPI) the apps manager installs and updates store apps from and reports their
   * crashes and use to. Unset, or while it cannot be reached: the catalogue the hub ships.
   */
  appStore?: AppStoreLink;
  /** Advertise the hub over mDNS (`_homey._tcp`) while it listens, for clients' mdns discovery. Default off. */
  mdns?: boolean;
}

export interface AppStoreLink {
  /** The apps service's API base URL, e.g. `http://cloud:4861/apps/api/v1`. */
  url: string;
  /** The `secret` the apps service expects of the platform's calls (installs, usage reports). */
  secret: string;
  /** A delegation token of audience `apps` for the hub's owner, that crash reports are sent with; none: not reported. */
  ownerToken?: () => Promise<string | undefined>;
}

/** What the hub is made of before its services start (hub.ts): its identity, storage, events, clock and registries. */
export interface HubCore {
  id: string;
  /** The software version running (X-Homey-Version, getInfo): the one last installed, else HUB_VERSION. */
  readonly version: string;
  startedAt: Date;
  config: HubConfig;
  db: Db;
  store: HubStore;
  bus: EventBus;
  settings: Settings;
  sessions: SessionService;
  /** Name, reboot bookkeeping, Wi-Fi, debug and the recent log (the system manager). */
  system: SystemState;
  /** The clock of time-based rules and timers (throttling, sessions, alarms, flow delays): config.clock or the machine's. */
  clock: Clock;
  /** clock.now, for the many rules that only read the time. */
  now: () => number;
  /** Sets off alarms when they come due; `onAlarmFired` tells in-process listeners (the flow engine). */
  alarms: AlarmScheduler;
  /** Where the hub's web API answers on this machine (`http://127.0.0.1:<port>`) once it listens: apps' `homey.api` calls it. */
  localUrl?: string;
}

/**
 * Everything the hub's managers share: the core and what its services give (hub.ts starts them in order). Each
 * service's module adds its part here (`declare module '../core/context.js' { interface Hub { ... } }`, as fastify's
 * decorators do), so that this module imports no manager and a manager importing `Hub` makes no cycle.
 */
export interface Hub extends HubCore {}

/**
 * What a hub handler receives beside its arguments: the core and the parts of the hub its manager names
 * (`HubContextOf<'serving'>`; `HubContextOf<never>`: the core only), so that a handler reading another, or handing
 * its hub to a helper that reads another, does not compile (handler-context.typecheck.ts).
 */
export interface HubContextOf<Parts extends keyof Hub> extends CallContext {
  session: HubSession | null;
  hub: HubCore & Pick<Hub, Parts>;
}

/**
 * What the hub's dispatcher gives every call: the whole hub. A manager's handlers see less (HubContextOf) unless it
 * hands the hub on to what may read any part (the flow manager runs cards with it).
 */
export interface HubContext extends HubContextOf<keyof Hub> {
  hub: Hub;
}

/** The software version the hub ships with (the platform's API generation, 12); it reports the one installed since (updates manager). */
export const HUB_VERSION = '12.0.0';
