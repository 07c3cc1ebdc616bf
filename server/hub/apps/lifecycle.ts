import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError, conflict, notFound } from '../../http/errors.js';
import type { Hub } from '../context.js';
import type { Device } from '../devices/device.js';
import { beforeRemove } from '../devices/lifecycle.js';
import { catalogueApp, CATALOGUE_DIR, readManifest, type Manifest } from './manifest.js';
import { appCardProvider } from './cards.js';
import { appRuntime, appUri, type App, type AppSettings } from './runtime.js';

type Origin = App['origin'];
type Channel = App['channel'];

export const requireApp = (hub: Hub, id: string): App => hub.store.require<App>('app', id, 'App');

/** Where an installed app's package is: the catalogue's for store apps, a copy in the data folder for devkit installs. */
export const installedDir = (hub: Hub, app: Pick<App, 'id' | 'origin'>): string =>
  app.origin === 'appstore' ? join(CATALOGUE_DIR, app.id) : join(hub.config.dataDir, 'apps', app.id);

/** The folder a devkit session unpacked its package to. */
export const sessionDir = (hub: Hub, session: string): string => join(hub.config.dataDir, 'devkit', session);

function appItem(manifest: Manifest, origin: Origin, channel: Channel, session: string | null, before?: App): App {
  return {
    id: manifest.id,
    name: manifest.name,
    sdk: manifest.sdk,
    version: manifest.version,
    origin,
    channel,
    compatibility: manifest.compatibility,
    enabled: true,
    autoupdate: before?.autoupdate ?? true,
    state: 'stopped',
    ready: false,
    crashed: false,
    crashedMessage: null,
    exitCode: null,
    exitSignal: null,
    exitCount: before?.exitCount ?? 0,
    settings: manifest.settings.length > 0,
    brandColor: manifest.brandColor,
    hasDrivers: manifest.drivers.length > 0,
    usage: null,
    updateAvailable: null,
    permissions: manifest.permissions,
    author: manifest.author,
    icon: manifest.icon,
    iconObj: { id: manifest.id, url: `/app/${manifest.id}${manifest.icon}` },
    images: { small: '/assets/images/small.png', large: '/assets/images/large.png' },
    session,
  };
}

/** Stores the installed app (stopped) and, unless kept from an earlier install, its default settings. */
export function recordInstall(hub: Hub, manifest: Manifest, origin: Origin, channel: Channel, session: string | null): void {
  const before = hub.store.get<App>('app', manifest.id);
  const defaults = Object.fromEntries(manifest.settings.filter((s) => s.default !== undefined).map((s) => [s.id, s.default]));
  hub.store.transaction(() => {
    const item = appItem(manifest, origin, channel, session, before);
    if (before) hub.store.save('app', item);
    else hub.store.insert('app', item);
    if (!hub.store.get<AppSettings>('appsettings', manifest.id)) hub.store.insert('appsettings', { id: manifest.id, values: defaults });
  });
}

/** Installs (or reinstalls) the package in `dir` and starts it; settings of an earlier install are kept. */
export async function installPackage(
  hub: Hub,
  dir: string,
  manifest: Manifest,
  origin: Origin,
  { channel = 'stable', session = null, wait = true, env = {} }: { channel?: Channel; session?: string | null; wait?: boolean; env?: Record<string, string> } = {},
): Promise<App> {
  const runtime = appRuntime(hub);
  const before = hub.store.get<App>('app', manifest.id);
  if (before) await runtime.stop(manifest.id);
  recordInstall(hub, manifest, origin, channel, session);
  runtime.load(manifest.id, dir, manifest, env);
  const started = runtime.start(manifest.id);
  if (wait) await started;
  return requireApp(hub, manifest.id);
}

/** installFromAppStore: the catalogue's package of the app. */
export function installFromStore(hub: Hub, id: string, channel: Channel | undefined, version: string | undefined, wait: boolean): Promise<App> {
  const found = catalogueApp(id);
  if (!found) throw notFound(`App ${id} in the app store`);
  if (hub.store.get<App>('app', id)?.origin === 'devkit_run') throw conflict(`${id} runs from the devkit: stop its session first`);
  if (version !== undefined && version !== found.manifest.version) throw new ApiError(404, 'not_found', `Version ${version} of ${id} is not in the app store`);
  return installPackage(hub, found.dir, found.manifest, 'appstore', { channel, wait });
}

export async function uninstall(hub: Hub, id: string, purgeSettings: boolean): Promise<void> {
  requireApp(hub, id);
  const runtime = appRuntime(hub);
  await runtime.stop(id);
  forget(hub, id, purgeSettings);
}

/** Removes a stopped app with the devices of its drivers (and its settings when purged). */
function forget(hub: Hub, id: string, purgeSettings: boolean): void {
  hub.store.transaction(() => {
    for (const device of hub.store.values<Device>('device').filter((device) => device.ownerUri === appUri(id))) {
      beforeRemove(hub, device);
      hub.store.remove('device', device.id);
    }
    hub.store.remove('app', id);
    if (purgeSettings && hub.store.get('appsettings', id)) hub.store.remove('appsettings', id);
  });
  appRuntime(hub).unload(id);
}

export async function enable(hub: Hub, id: string): Promise<void> {
  const app = requireApp(hub, id);
  if (!app.enabled) hub.store.save('app', { ...app, enabled: true });
  await appRuntime(hub).start(id);
}

export async function disable(hub: Hub, id: string): Promise<void> {
  const app = requireApp(hub, id);
  if (app.enabled) hub.store.save('app', { ...app, enabled: false });
  await appRuntime(hub).stop(id);
}

export async function restart(hub: Hub, id: string): Promise<void> {
  const app = requireApp(hub, id);
  if (!app.enabled) throw conflict(`${app.name} is disabled: enable it to start it`);
  const runtime = appRuntime(hub);
  await runtime.stop(id);
  await runtime.start(id);
}

/** At start: loads every installed app's package and starts the enabled ones. Returns the shutdown. */
export function startApps(hub: Hub): () => Promise<void> {
  const runtime = appRuntime(hub);
  for (const app of hub.store.values<App>('app')) {
    // A devkit run lasts as long as its session, which a restart ends.
    if (app.origin === 'devkit_run') {
      forget(hub, app.id, false);
      if (app.session) rmSync(sessionDir(hub, app.session), { recursive: true, force: true });
      continue;
    }
    const dir = installedDir(hub, app);
    if (!existsSync(join(dir, 'app.json'))) {
      hub.store.save('app', { ...app, state: 'stopped', ready: false, crashed: true, crashedMessage: 'The app package is missing: reinstall the app' });
      continue;
    }
    runtime.load(app.id, dir, readManifest(dir));
    if (app.enabled) void runtime.start(app.id);
    else if (app.state !== 'stopped') hub.store.save('app', { ...app, state: 'stopped', ready: false });
  }
  const removeCards = hub.cards.add(appCardProvider);
  return async () => {
    removeCards();
    await runtime.close();
  };
}
