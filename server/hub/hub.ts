import { createServer, type Server as HttpServer } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import spec from '../../generated/hub.openapi.json' with { type: 'json' };
import { hubApis as manifests } from '../../generated/hub/index.js';
import { ArgumentValidator } from '../http/arguments.js';
import { openDb } from '../http/db.js';
import { Dispatcher } from '../http/dispatcher.js';
import { EventBus } from '../http/events.js';
import { ItemStore } from '../http/item-store.js';
import { attachRealtime } from '../http/realtime.js';
import { createHttpApp } from '../http/router.js';
import { hubApis } from './apis.js';
import { HUB_VERSION, type Hub, type HubConfig, type HubContext } from './context.js';
import { seedDemoHome } from './demo-home.js';
import { SESSION_PURGE_INTERVAL_MS, SessionService, type SessionItem } from './sessions.js';
import { sessionView } from './sessions/api.js';
import { newHubId, Settings } from './settings.js';
import { SystemState } from './system/state.js';

/** Realtime item type → its manager, and manager/item uri → the scope needed to subscribe to it. */
function realtimeIndex() {
  const managerOf: Record<string, string> = {};
  const readScope: Record<string, string> = {};
  for (const [id, { manager, operations }] of Object.entries(manifests)) {
    for (const type of Object.values(manager.itemTypes)) managerOf[type] = id;
    const reads = Object.values(operations).filter((operation) => operation.method === 'get' && operation.scopes.length);
    const list = reads.find((operation) => operation.crud?.kind === 'list') ?? reads[0];
    if (list) readScope[id] = list.scopes[0]!;
  }
  const subscribeScope = (uri: string): string | undefined => {
    const [prefix, kind, id] = uri.split(':');
    if (prefix !== 'homey' || !kind || !id) return undefined;
    return kind === 'manager' ? readScope[id] : readScope[managerOf[kind] ?? ''];
  };
  return { managerOf, subscribeScope };
}

export interface RunningHub {
  hub: Hub;
  app: express.Express;
  server: HttpServer;
  /** Starts listening; port 0 picks a free port. Resolves with the hub's base URL. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

/** Builds a complete hub on its SQLite file: managers, HTTP API, realtime, docs. Does not listen yet. */
export function createHub(config: HubConfig): RunningHub {
  const db = openDb(path.join(config.dataDir, 'hub.sqlite'));
  const settings = new Settings(db);
  const bus = new EventBus();
  const { managerOf, subscribeScope } = realtimeIndex();
  const store = new ItemStore(db, bus, managerOf);
  const startedAt = new Date();
  const now = config.now ?? Date.now;
  const hub: Hub = {
    id: settings.getOrCreate('hubId', newHubId),
    version: HUB_VERSION,
    startedAt,
    config,
    db,
    store,
    bus,
    settings,
    sessions: new SessionService(db, store, now),
    system: new SystemState(settings, bus, startedAt),
    now,
  };
  store.presentAs<SessionItem>('session', (session) => sessionView(hub, session));
  if (config.demoHome) seedDemoHome(hub);
  hub.sessions.purgeExpired();
  const purge = setInterval(() => hub.sessions.purgeExpired(), SESSION_PURGE_INTERVAL_MS).unref();

  const dispatcher = new Dispatcher<HubContext>(hubApis, store, ({ session, remoteAddress }) => ({
    session: session as HubContext['session'],
    remoteAddress,
    hub,
  }));
  const authenticate = (token: string) => hub.sessions.authenticate(token);
  const app = createHttpApp({
    dispatcher,
    spec,
    authenticate,
    validateResponses: config.validateResponses,
    development: config.development,
    headers: { 'X-Homey-ID': hub.id, 'X-Homey-Version': hub.version, 'X-Homey-Tier': 'pro' },
    mount(app) {
      if (config.docsDir) app.use('/docs', express.static(config.docsDir));
    },
  });
  const server = createServer(app);
  const io = attachRealtime(server, {
    dispatcher,
    validator: new ArgumentValidator(spec),
    bus,
    hubId: hub.id,
    authenticate,
    subscribeScope,
    development: config.development,
  });

  return {
    hub,
    app,
    server,
    listen(port = 0, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const { port: actual } = server.address() as AddressInfo;
          // A wildcard address is not one to browse to; an IPv6 literal needs brackets in a URL.
          const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
          resolve(`http://${shown}:${actual}`);
        });
      });
    },
    async close() {
      clearInterval(purge);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
    },
  };
}
