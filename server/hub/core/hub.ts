import { createServer, type RequestListener, type Server as HttpServer } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Server as RealtimeServer } from 'socket.io';
import { appBundles } from '../../../generated/app/bundles.js';
import { hubBundles } from '../../../generated/hub/bundles.js';
import { systemClock } from '../../http/clock.js';
import { openDb } from '../../http/db.js';
import { log } from '../../http/log.js';
import { Dispatcher } from '../../http/dispatcher.js';
import { EventBus } from '../../http/events.js';
import { ItemStore } from './item-store.js';
import { attachRealtime } from '../../http/realtime.js';
import { HostAllowList } from '../../http/hosts.js';
import { createHttpApp, serverOptions } from '../../http/router.js';
import { ContractValidator } from '../../http/validator.js';
import { AlarmScheduler } from '../alarms/scheduler.js';
import { alarmTimer } from '../alarms/alarm-timer.js';
import { flowManager } from '../flow/manager.js';
import { flowEngine } from '../flow/engine.js';
import { transitions } from '../devices/transitions.js';
import { cardRegistry } from '../flow/registry.js';
import { insights, insightsRecording } from '../insights/insights.js';
import type { HubItems } from './items.js';
import { hubApis } from './apis.js';
import { startFlowTokens } from '../flowtoken/watch.js';
import { appFlowTokens } from '../flowtoken/app-tokens.js';
import { startImages } from '../images/camera.js';
import { videos } from '../videos/videos.js';
import { energyDongles } from '../energydongle/dongles.js';
import { satelliteReports, satellites } from '../satellites/satellites.js';
import { startNotifications } from '../notifications/hub-events.js';
import { type Hub, type HubConfig, type HubContext, type HubCore } from './context.js';
import { HubServices, runs } from './service.js';
import { demoHome } from '../demo/home.js';
import { apps } from '../apps/start.js';
import { appRuntime } from '../apps/runtime.js';
import { sdkBridge } from '../apps/sdk-bridge/state.js';
import { devkitSessions } from '../devkit/sessions.js';
import { appRoutes } from '../apps/routes.js';
import { energyRecorder } from '../energy/recorder.js';
import { SessionService } from '../access/sessions.js';
import { sessionPurge } from '../access/session-purge.js';
import { sessionViews } from '../sessions/api.js';
import { newHubId, Settings } from './settings.js';
import { SystemState } from '../system/state.js';
import { backups } from '../backup/backups.js';
import { cloudBackups } from '../backup/cloud-backups.js';
import { cloudPush } from '../notifications/cloud-push.js';
import { notificationPushes } from '../notifications/notify.js';
import { capabilityChanges } from '../devices/device.js';
import { presenceChanges } from '../presence/presence.js';
import { experimentChanges } from '../experiments/experiments.js';
import { radioChanges } from '../radios/changes.js';
import { cloudWebhookCalls, webhookCalls } from '../logic/webhooks.js';
import { infraredKeys } from '../rf/infrared-remotes.js';
import { installedVersion, updates } from '../updates/updates.js';
import { advertiseHub } from '../webserver/mdns.js';
import { startRadios, type RadioNeeds } from '../radios/start.js';
import { radioNetworks } from '../radios/network.js';
import { accounts } from '../users/accounts.js';
import { widgetRegistry } from '../dashboards/registry.js';
import { realtimeManagers, subscriptionRules } from '../access/subscriptions.js';
import { followZoneNames } from '../devices/zone-names.js';
import { startRemoteConnect, type RemoteConnect } from '../cloud/connect.js';
import { listenSecure, type SecureListener } from '../cloud/local-certificate.js';
import { setupAgent } from '../setup/agent.js';
import { cloudCalls } from '../cloud/cloud.js';
import { ledRing } from '../ledring/ledring.js';
import { docsFiles } from '../webserver/docs-files.js';
import { ownApiOf, type SetupLink, type SetupRun } from '../setup/session.js';
import { appAssets } from '../apps/assets.js';
import { hubHostNames, listening, recordAdvertising, recordListening } from '../webserver/listening.js';
import { weatherCache } from '../geolocation/weather.js';
import { sunEvents } from '../geolocation/sun-events.js';
import { rfTransceiver } from '../rf/transceiver.js';
import { deviceGroups } from '../devices/group-values.js';

/** The rendered API docs at /docs and the apps' assets (everything else outside /api/ is the kernel's JSON 404). */
function files(hub: Hub, docsFolder: string | undefined): express.Router {
  const router = express.Router();
  if (docsFolder) router.use(docsFiles(docsFolder));
  router.use(appAssets(hub));
  return router;
}

export interface RunningHub {
  hub: Hub;
  server: HttpServer;
  /** The socket.io server on `server` (PROTOCOL.md §5). */
  io: RealtimeServer;
  /** Starts listening; port 0 picks a free port. Resolves with the hub's base URL. */
  listen(port?: number, host?: string): Promise<string>;
  /**
   * (Re)starts the tunnel to the connect service of `config.connectUrl` with `config.hubSecret`, once listening
   * (listen starts it when both are set): for a hub whose connect service starts after it. Null without them.
   */
  connectRemote(): RemoteConnect | null;
  /**
   * Serves the same API and realtime over HTTPS on `port` (0: a free one) with the hub's local certificate from the
   * certificate service of `config.certificateUrl`, asked for with `config.hubSecret` and renewed before it ends.
   * Resolves with the hub's `localUrlSecure`; rejects without a certificate.
   */
  listenSecure(port?: number, host?: string): Promise<string>;
  /** Takes part in a setup session of the cloud setup service (setup/agent.ts) until it is ready or gone; one at a time. */
  joinSetup(link: SetupLink, options?: { pollMs?: number }): SetupRun;
  close(): Promise<void>;
}

/**
 * The hub's services in the order they start (each `use` compiles only once what the service needs is there):
 * the news of the managers first (every service may tell or hear it), the flow manager before the demo seed (flows are
 * presented as it inserts them), the apps last.
 */
function startServices(core: HubCore) {
  return HubServices.on(core)
    .use(capabilityChanges)
    .use(presenceChanges)
    .use(experimentChanges)
    .use(radioChanges)
    .use(webhookCalls)
    .use(cloudWebhookCalls)
    .use(infraredKeys)
    .use(notificationPushes)
    .use(deviceGroups)
    .use(listening)
    .use(weatherCache)
    .use(sunEvents)
    .use(rfTransceiver)
    .use(transitions)
    .use(cardRegistry)
    .use(insights)
    .use(cloudCalls)
    .use(appFlowTokens)
    .use(ledRing)
    .use(sessionViews)
    .use(accounts)
    .use(widgetRegistry)
    .use(flowManager)
    .use(radioNetworks)
    .use(satellites)
    .use(demoHome)
    .use(sessionPurge)
    .use(alarmTimer)
    .use(insightsRecording)
    .use(energyRecorder)
    .use(flowEngine)
    .use(runs<Pick<Hub, 'notificationPushes' | 'capabilityChanges'>>('notifications', {}, startNotifications))
    .use(runs<Pick<Hub, 'capabilityChanges'>>('images', {}, startImages))
    .use(videos)
    .use(energyDongles)
    .use(satelliteReports)
    .use(runs('flow tokens', {}, startFlowTokens))
    .use(runs<RadioNeeds>('radios', {}, startRadios))
    .use(runs('zone names', {}, followZoneNames))
    .use(backups)
    .use(cloudBackups)
    .use(cloudPush)
    .use(updates)
    .use(devkitSessions)
    .use(sdkBridge)
    .use(appRuntime)
    .use(apps)
    .use(setupAgent);
}

/** The hub's core on its SQLite file: identity, storage, events, clock; what every service starts on. */
function hubCore(config: HubConfig): HubCore {
  const db = openDb(path.join(config.dataDir, 'hub.sqlite'));
  const settings = new Settings(db);
  const bus = new EventBus();
  const store = new ItemStore<HubItems>(db, bus, realtimeManagers());
  const clock = config.clock ?? systemClock;
  const now = clock.now;
  const startedAt = new Date(now());
  return {
    id: settings.getOrCreate('hubId', newHubId),
    get version() {
      return installedVersion(settings);
    },
    startedAt,
    config,
    db,
    store,
    bus,
    settings,
    sessions: new SessionService(db, store, now),
    system: new SystemState(settings, bus, startedAt, now),
    clock,
    now,
    alarms: new AlarmScheduler(store, bus, clock),
  };
}

interface HubApi {
  dispatcher: Dispatcher<HubContext>;
  validator: ContractValidator;
  /** The HTTP app the server runs: forwarded calls of the connect tunnel are made on it in process. */
  app: RequestListener;
  server: HttpServer;
  io: RealtimeServer;
}

/** The managers' API over HTTP and realtime (not listening yet), with the apps' own routes and the docs. */
function serveApi(hub: Hub): HubApi {
  const { config, store } = hub;
  const dispatcher = new Dispatcher<HubContext>(hubApis, store, ({ session, remoteAddress }) => ({
    session: session as HubContext['session'],
    remoteAddress,
    hub,
  }));
  const authenticate = (token: string) => hub.sessions.authenticate(token);
  const validator = new ContractValidator(Object.values(hubBundles));
  // The hub's mDNS names beside the machine's own names and addresses (see HostAllowList).
  const hosts = new HostAllowList(hubHostNames(hub));
  const app = createHttpApp({
    dispatcher,
    contracts: { ...hubBundles, ...appBundles },
    authenticate,
    hosts,
    validateResponses: config.validateResponses,
    development: config.development,
    headers: { 'X-Homey-ID': hub.id, 'X-Homey-Version': () => hub.version, 'X-Homey-Tier': 'pro' },
    ownOriginsOnly: ({ manager, operationId }) => manager === 'users' && operationId === 'loginLocal',
    warm: ['system'],
    fallback: files(hub, config.docsDir),
    rawRoutes: appRoutes(hub, dispatcher),
  });
  const server = createServer(serverOptions(app), app);
  const io = attachRealtime(server, {
    dispatcher,
    validator,
    hosts,
    bus: hub.bus,
    hubId: hub.id,
    authenticate,
    admitSubscription: subscriptionRules(dispatcher, validator, store),
    development: config.development,
  });
  return { dispatcher, validator, app, server, io };
}

/** Builds a complete hub on its SQLite file: its core, its services in start order, its API. Does not listen yet. */
export function createHub(config: HubConfig): RunningHub {
  const services = startServices(hubCore(config));
  const hub: Hub = services.finish();
  return runningHub(hub, serveApi(hub), () => services.stop());
}

/** The hub as it runs: listening (plain, secure, through the connect tunnel), joining setups, and its close. */
function runningHub(hub: Hub, { dispatcher, validator, app, server, io }: HubApi, stopServices: () => Promise<void>): RunningHub {
  const { config } = hub;
  hub.setup.serve(ownApiOf(hub, dispatcher, validator));
  let stopMdns: (() => Promise<void>) | undefined;
  let localUrl: string | undefined;
  let remote: RemoteConnect | null = null;
  let secure: SecureListener | undefined;
  const connectRemote = () => {
    remote?.stop();
    const { connectUrl, hubSecret } = config;
    remote = connectUrl && hubSecret && localUrl ? startRemoteConnect(hub, { connectUrl, secret: hubSecret, localUrl, api: { listener: app, host: new URL(localUrl).host } }) : null;
    return remote;
  };
  return {
    hub,
    server,
    io,
    listen(port = 0, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const { port: actual } = server.address() as AddressInfo;
          // Not being found on the LAN is no reason to stop the hub: the error is only reported.
          if (config.mdns) {
            stopMdns = advertiseHub(hub, actual, (error) => log.warn({ err: error }, 'mDNS advertising failed'));
            recordAdvertising(hub, actual);
          }
          // A wildcard address is not one to browse to; an IPv6 literal needs brackets in a URL.
          const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
          // Its own address on this machine (loopback when it listens on every address): relayed realtime sessions open there.
          localUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : shown}:${actual}`;
          hub.localUrl = localUrl;
          connectRemote();
          recordListening(hub, 'http', `http://${shown}:${actual}`);
          resolve(`http://${shown}:${actual}`);
        });
      });
    },
    connectRemote,
    async listenSecure(port = 0, host = '127.0.0.1') {
      secure?.close();
      secure = await listenSecure(hub, server, port, host);
      recordListening(hub, 'https', secure.url);
      return secure.url;
    },
    joinSetup: (link, options) => hub.setup.join(link, options),
    async close() {
      remote?.stop();
      // Its connections are the plain server's, closed with it below.
      secure?.close();
      await stopServices();
      await stopMdns?.();
      recordAdvertising(hub, null);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      hub.store.flush();
      hub.db.close();
    },
  };
}
