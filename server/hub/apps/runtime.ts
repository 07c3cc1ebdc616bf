import { appUri, type App } from './app-record.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { Hub } from '../core/context.js';
import { onCapabilityChanged, type CapabilityChange, type Device } from '../devices/device.js';
import type { TriggerFiring } from '../flow/cards.js';
import { startOAuth2SignIn } from '../cloud/oauth2.js';
import { createNotification } from '../notifications/notify.js';
import { registerAppToken, type AppToken } from '../flowtoken/app-tokens.js';
import { AppWorker, type LogLine, type WorkerMessage } from './app-worker.js';
import { reportCrashToStore } from './cloud-store.js';
import { registerPackageDrivers } from './app-drivers.js';
import type { Manifest, TokenValue } from '../../common/app-package/manifest.js';
import { isSettingName } from '../../common/app-package/setting-names.js';
import { withSetting } from './setting-values.js';
import { handleSdkMessage, appOfDevice, appStopped, appWrites, followCloudWebhooks, followDevices, hubFacts, triggerState } from './sdk-bridge.js';
import { releaseWebhooks } from '../cloud/webhooks.js';
import { WHOLE_HUB, type HubPart, type HubService, type Nothing } from '../core/service.js';
import { streamSessionOutput } from '../devkit/stream.js';

/** How long a stopping app's onUninit handlers may take before its worker ends. */
const UNINIT_GRACE_MS = 5_000;

/** An installed app's package, known while it is installed. */
export interface AppPackage {
  dir: string;
  manifest: Manifest;
  /** What the app reads as `homey.env` (a devkit run's). */
  env: Record<string, string>;
  /** A devkit run in debug mode: the app reads `process.env.DEBUG` as '1'. */
  debug: boolean;
  unregisterDrivers: () => void;
}

interface Running {
  worker: AppWorker;
  /** The flow tokens the app registered, by its own id; they go when the app stops. */
  tokens: Map<string, AppToken>;
  /** Settles once the app is running or its worker ended. */
  started: Promise<void>;
  /** The app's OAuth2 sign-ins waiting for their codes: cancelled when it stops. */
  signIns: Set<() => void>;
  /** Whether its App, drivers and devices have started: from then on it hears of its devices. */
  ready: boolean;
}

/** The apps of one hub: their packages, their workers and what their workers ask of the hub. */
export class AppRuntime {
  readonly packages = new Map<string, AppPackage>();
  private readonly running = new Map<string, Running>();
  /** Each app's install, update or uninstall under way (oneAtATime). */
  private readonly work = new Map<string, Promise<void>>();
  /** Each app's recent output, kept across its restarts and crashes (the crash log). */
  private readonly logs = new Map<string, LogLine[]>();
  private fire: ((firing: TriggerFiring) => void) | undefined;
  /** Flow card runs per app and card since the app store was last told (reportAppUsage). */
  private readonly cardRuns = new Map<string, Map<string, number>>();
  private closing = false;
  private readonly stopListening: () => void;

  constructor(private readonly hub: Hub) {
    const stopCapabilities = onCapabilityChanged(hub, (change) => this.tellCapability(change));
    const stopDevices = followDevices(hub);
    const stopWebhooks = followCloudWebhooks(hub);
    this.stopListening = () => {
      stopCapabilities();
      stopDevices();
      stopWebhooks();
    };
  }

  /** The flow card provider's trigger sink (flow/registry.ts). */
  listen(fire: (firing: TriggerFiring) => void): () => void {
    this.fire = fire;
    return () => (this.fire = undefined);
  }

  countCardRun(id: string, cardId: string): void {
    let runs = this.cardRuns.get(id);
    if (!runs) this.cardRuns.set(id, (runs = new Map()));
    runs.set(cardId, (runs.get(cardId) ?? 0) + 1);
  }

  /** The app's card runs counted so far, forgotten here: `putBack` returns them when they could not be reported. */
  takeCardRuns(id: string): { runs: Record<string, number>; putBack(): void } {
    const runs = this.cardRuns.get(id) ?? new Map<string, number>();
    this.cardRuns.delete(id);
    return {
      runs: Object.fromEntries(runs),
      putBack: () => {
        const since = this.cardRuns.get(id) ?? new Map<string, number>();
        for (const [cardId, n] of runs) since.set(cardId, (since.get(cardId) ?? 0) + n);
        this.cardRuns.set(id, since);
      },
    };
  }

  logOf(id: string): LogLine[] {
    let log = this.logs.get(id);
    if (!log) this.logs.set(id, (log = []));
    return log;
  }

  load(id: string, dir: string, manifest: Manifest, env: Record<string, string> = {}, debug = false): AppPackage {
    this.packages.get(id)?.unregisterDrivers();
    const pack = { dir, manifest, env, debug, unregisterDrivers: registerPackageDrivers(manifest) };
    this.packages.set(id, pack);
    return pack;
  }

  unload(id: string): void {
    this.packages.get(id)?.unregisterDrivers();
    this.packages.delete(id);
    this.logs.delete(id);
  }

  /**
   * Runs `work` once every earlier work on the same app is over: an install, an update or an uninstall awaits its
   * copies and removals, and two of them on one app must not interleave.
   */
  oneAtATime<T>(id: string, work: () => Promise<T>): Promise<T> {
    const result = (this.work.get(id) ?? Promise.resolve()).then(work);
    const settled = result.then(() => undefined, () => undefined);
    this.work.set(id, settled);
    void settled.then(() => {
      if (this.work.get(id) === settled) this.work.delete(id);
    });
    return result;
  }

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /**
   * A user's change of an app device's settings, put to its app first (its Device's onSettings, with the old and
   * new values and the changed keys): what the app refuses (throws) is a 400 with its message. A device of no
   * running app is not asked.
   */
  async confirmSettings(device: Device, changes: Record<string, unknown>): Promise<void> {
    const id = appOfDevice(device);
    const running = id === undefined ? undefined : this.running.get(id);
    const changedKeys = Object.keys(changes).filter((key) => JSON.stringify(changes[key]) !== JSON.stringify(device.settings[key]));
    if (!running || changedKeys.length === 0) return;
    const newSettings = { ...device.settings, ...changes };
    await running.worker.call({ type: 'device.settings', id: device.id, oldSettings: device.settings, newSettings, changedKeys }).catch((error: Error) => {
      throw badRequest(error.message);
    });
  }

  worker(id: string): AppWorker {
    const running = this.running.get(id);
    if (!running) throw conflict('The app is not running');
    return running.worker;
  }

  /** Whether the app `id` runs and has started (every app is an SDK v3 app). */
  isSdkApp(id: string): boolean {
    return this.running.get(id)?.ready === true;
  }

  /** Posts `message` to the started app `id`, or to every one when `id` is undefined. */
  tellSdkApps(id: string | undefined, message: Record<string, unknown>): void {
    for (const [appId, running] of this.running) {
      if (running.ready && (id === undefined || id === appId)) running.worker.post({ ...message, now: this.hub.now() });
    }
  }

  private save(id: string, change: Partial<App>): void {
    const app = this.hub.store.get('app', id);
    if (app) this.hub.store.save('app', { ...app, ...change });
  }

  /** Starts the app's worker; the promise settles once it runs or has ended (crashed), at once when the apps are closing. */
  start(id: string): Promise<void> {
    const current = this.running.get(id);
    if (current) return current.started;
    // Closing (a request in flight as the hub stops): a worker started now would outlive the hub, its app still at work.
    if (this.closing) return Promise.resolve();
    const pack = this.packages.get(id)!;
    const values = this.hub.store.get('appsettings', id)?.values ?? {};
    this.save(id, { state: 'starting', ready: false, crashed: false, crashedMessage: null, exitCode: null, exitSignal: null });
    let settle!: () => void;
    const started = new Promise<void>((resolve) => (settle = resolve));
    const facts = hubFacts(this.hub, id);
    let stopWatching = () => {};
    const worker = new AppWorker({ appDir: pack.dir, settings: values, now: this.hub.now(), env: pack.env, debug: pack.debug, hub: facts }, {
      message: (message) => {
        if (message.type === 'ready') {
          const running = this.running.get(id);
          if (running) running.ready = true;
          this.save(id, { state: 'running', ready: true });
          settle();
        } else this.handle(id, message);
      },
      output: (line) => streamSessionOutput(this.hub, id, line),
      exit: ({ code, error, stopped }) => {
        stopWatching();
        const running = this.running.get(id);
        for (const token of running?.tokens.values() ?? []) token.unregister();
        for (const cancel of running?.signIns ?? []) cancel();
        appStopped(this.hub, id);
        releaseWebhooks(this.hub, appUri(id), { fromCloud: !this.closing });
        if (running?.worker === worker) this.running.delete(id);
        settle();
        if (this.closing) return;
        if (stopped) return this.save(id, { state: 'stopped', ready: false });
        const exitCount = (this.hub.store.get('app', id)?.exitCount ?? 0) + 1;
        const crashedMessage = error?.message ?? `The app exited with code ${code}`;
        this.save(id, { state: 'stopped', ready: false, crashed: true, crashedMessage, exitCode: code, exitCount });
        this.notifyCrash(id, crashedMessage);
        const crashed = this.hub.store.get('app', id);
        // The store's developers hear of their app's crash (best effort; the hub's crash log is kept either way).
        if (crashed?.origin === 'appstore') void reportCrashToStore(this.hub, id, crashed.version, error?.stack ?? crashedMessage);
      },
    }, this.logOf(id));
    stopWatching = worker.watch(this.hub.clock);
    this.running.set(id, { worker, tokens: new Map(), started, signIns: new Set(), ready: false });
    return started;
  }

  /** Settles once every app starting now runs or has ended; what an app registers while starting is there by then. */
  async settled(): Promise<void> {
    await Promise.all([...this.running.values()].map((running) => running.started));
  }

  async stop(id: string): Promise<void> {
    const running = this.running.get(id);
    if (!running) return;
    this.save(id, { state: 'stopping' });
    await this.stopWorker(running);
  }

  /** Stops an app's worker, giving its onUninit handlers UNINIT_GRACE_MS on the hub clock. */
  private async stopWorker(running: Running): Promise<void> {
    const grace = new AbortController();
    const cancel = this.hub.clock.at(this.hub.now() + UNINIT_GRACE_MS, () => grace.abort());
    try {
      await running.worker.stop(grace.signal);
    } finally {
      cancel();
    }
  }

  /** The home's managers hear of a crash: they may restart the app or send its crash log. */
  private notifyCrash(id: string, message: string): void {
    const name = this.hub.store.get('app', id)?.name ?? id;
    createNotification(this.hub, { ownerUri: appUri(id), excerpt: `${name} crashed: ${message}`.slice(0, 200), roles: ['manager'], meta: { appId: id } });
  }

  private handle(id: string, message: WorkerMessage): void {
    const running = this.running.get(id);
    if (!running) return;
    switch (message.type) {
      case 'trigger':
        this.countCardRun(id, message.cardId);
        this.fire?.({
          cardId: `${appUri(id)}:${message.cardId}`,
          tokens: message.tokens as Record<string, TokenValue>,
          state: triggerState(message),
        });
        return;
      case 'setSetting': {
        if (!isSettingName(message.name)) return;
        const settings = this.hub.store.get('appsettings', id) ?? { id, values: {} };
        this.hub.store.save('appsettings', { id, values: withSetting(settings.values, message.name, message.value) });
        return;
      }
      case 'request':
      case 'realtime':
        return handleSdkMessage(this.hub, id, running.worker, message);
      case 'token':
      case 'tokenValue':
      case 'tokenRemove':
        return this.handleToken(id, running, message);
      case 'oauth2Callback':
        return this.startSignIn(id, running, message);
    }
  }

  /** An app's OAuth2 sign-in (cloud/oauth2.ts): the app hears the URL to open, then the code, or why it cannot. */
  private startSignIn(id: string, running: Running, { id: signInId, apiUrl }: Extract<WorkerMessage, { type: 'oauth2Callback' }>): void {
    const tell = (message: Record<string, unknown>) => this.running.get(id) === running && running.worker.post({ id: signInId, ...message });
    startOAuth2SignIn(this.hub, id, apiUrl, (code) => tell({ type: 'oauth2Code', code })).then(
      (signIn) => {
        if (this.running.get(id) !== running) return signIn.cancel();
        running.signIns.add(signIn.cancel);
        tell({ type: 'oauth2Url', url: signIn.url });
      },
      (error: Error) => tell({ type: 'oauth2Error', message: error.message }),
    );
  }

  /** What an app does with its flow tokens; what the hub refuses (a bad id or value) goes to the app's stderr. */
  private handleToken(id: string, running: Running, message: Extract<WorkerMessage, { type: 'token' | 'tokenValue' | 'tokenRemove' }>): void {
    try {
      if (message.type === 'token') {
        const { id: tokenId, tokenType: type, title, value } = message;
        running.tokens.set(tokenId, registerAppToken(this.hub, id, { id: tokenId, type, title, value }));
      } else if (message.type === 'tokenValue') {
        running.tokens.get(message.id)?.update({ value: message.value });
      } else {
        running.tokens.get(message.id)?.unregister();
        running.tokens.delete(message.id);
      }
    } catch (error) {
      this.logOf(id).push({ stream: 'stderr', line: `flow token ${message.id}: ${(error as Error).message}` });
    }
  }

  /** A device of an app's driver changed: its app hears of it. */
  private tellCapability({ device, capabilityId, value, transactionId }: CapabilityChange): void {
    const id = appOfDevice(device);
    const running = id === undefined ? undefined : this.running.get(id);
    // What the app reported itself, it is not told back.
    if (!running || appWrites.has(transactionId)) return;
    const driverId = device.driverId.slice(device.driverId.lastIndexOf(':') + 1);
    running.worker.post({ type: 'capability', driverId, capabilityId, value, device: { id: device.id, name: device.name, data: device.data }, now: this.hub.now() });
  }

  async close(): Promise<void> {
    this.closing = true;
    this.stopListening();
    await Promise.all([...this.running.values()].map((running) => this.stopWorker(running)));
    for (const pack of this.packages.values()) pack.unregisterDrivers();
  }
}

declare module '../core/context.js' {
  interface Hub {
    /** The apps' packages and workers, and what their workers ask of the hub. */
    apps: AppRuntime;
  }
}

/** The apps' runtime, made just before the apps start (it hears capability changes from then on); it stops their workers with the hub. */
export const appRuntime: HubService<Nothing, Pick<Hub, 'apps'>, HubPart> = {
  name: 'app runtime',
  // Whole: an app's SDK call (sdk-bridge) may reach any manager of the hub.
  later: WHOLE_HUB,
  start: (hub) => {
    const apps = new AppRuntime(hub);
    return { gives: { apps }, stop: () => apps.close() };
  },
};
