import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ApiError, conflict } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { beforeRemove } from '../devices/lifecycle.js';
import { appIconObj, type Manifest } from '../../common/app-package/manifest.js';
import { appUri, type App } from './app-record.js';
import { userdataDir } from './sdk-bridge.js';

type Origin = App['origin'];
type Channel = App['channel'];

export const requireApp = (hub: HubCore, id: string): App => hub.store.require('app', id, 'App');

/** The folder a devkit session unpacked its package to. */
export const sessionDir = (hub: HubCore, session: string): string => join(hub.config.dataDir, 'devkit', session);

/** The folder of the installed apps' packages. */
const appsDir = (hub: HubCore): string => join(hub.config.dataDir, 'apps');

/**
 * Where an installed app's package is: a copy in the hub's data folder, kept until the app is updated or
 * uninstalled (a store app keeps its version when the store has a newer one); a devkit run's is its session's.
 */
export const installedDir = (hub: HubCore, app: Pick<App, 'id' | 'origin' | 'session'>): string =>
  app.origin === 'devkit_run' && app.session ? sessionDir(hub, app.session) : join(appsDir(hub), app.id);

/** copyPackage's staging folders, `.<id>-` and mkdtemp's six characters: no app id starts with a dot. */
const STAGING_PREFIX = '.';
const isStaging = (name: string) => name.startsWith(STAGING_PREFIX) && /-[A-Za-z0-9]{6}$/.test(name);

/**
 * The staging folders copyPackage left beside the installed apps' when the hub stopped mid-install (a crash, a
 * power cut), as found now; `remove` removes them in the background. Listed before the hub serves, so that no
 * install begun after it is among them.
 */
export function leftoverStaging(hub: HubCore): { remove(): Promise<void> } {
  const parent = appsDir(hub);
  const names = existsSync(parent) ? readdirSync(parent).filter(isStaging) : [];
  return { remove: async () => void (await Promise.all(names.map((name) => rm(join(parent, name), { recursive: true, force: true })))) };
}

/**
 * Copies a package into the installed app's folder, replacing what was there; returns that folder. Asynchronous,
 * as a package with its node_modules is thousands of files and the hub keeps answering meanwhile: the copy goes to
 * a fresh sibling folder that replaces the app's only once complete, so a failed copy leaves no half folder.
 */
export async function copyPackage(hub: HubCore, from: string, app: Pick<App, 'id' | 'origin' | 'session'>): Promise<string> {
  const target = installedDir(hub, app);
  const parent = dirname(target);
  let staging: string | undefined;
  try {
    await mkdir(parent, { recursive: true });
    staging = await mkdtemp(join(parent, `${STAGING_PREFIX}${app.id}-`));
    await cp(from, staging, { recursive: true });
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
    return target;
  } catch (error) {
    if (staging) await rm(staging, { recursive: true, force: true });
    throw new ApiError(503, 'service_unavailable', `The package of ${app.id} could not be copied: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** copyPackage before the hub serves (the demo home's apps, updates from the shipped catalogue at start). */
export function copyPackageBeforeServing(hub: HubCore, from: string, app: Pick<App, 'id' | 'origin' | 'session'>): void {
  const target = installedDir(hub, app);
  rmSync(target, { recursive: true, force: true });
  cpSync(from, target, { recursive: true });
}

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
    iconObj: appIconObj(manifest),
    images: { small: '/assets/images/small.png', large: '/assets/images/large.png' },
    session,
  };
}

/** Stores the installed app (stopped) and, unless kept from an earlier install, its default settings. */
export function recordInstall(hub: HubCore, manifest: Manifest, origin: Origin, channel: Channel, session: string | null): void {
  const before = hub.store.get('app', manifest.id);
  const defaults = Object.fromEntries(manifest.settings.filter((s) => s.default !== undefined).map((s) => [s.id, s.default]));
  hub.store.transaction(() => {
    const item = appItem(manifest, origin, channel, session, before);
    if (before) hub.store.save('app', item);
    else hub.store.insert('app', item);
    if (!hub.store.get('appsettings', manifest.id)) hub.store.insert('appsettings', { id: manifest.id, values: defaults });
  });
}

/** Installs (or reinstalls) the package in `dir` and starts it; settings of an earlier install are kept. */
export async function installPackage(
  hub: HubCore & Pick<Hub, 'apps'>,
  dir: string,
  manifest: Manifest,
  origin: Origin,
  {
    channel = 'stable',
    session = null,
    wait = true,
    env = {},
    debug = false,
  }: { channel?: Channel; session?: string | null; wait?: boolean; env?: Record<string, string>; debug?: boolean } = {},
): Promise<App> {
  const runtime = hub.apps;
  const before = hub.store.get('app', manifest.id);
  if (before) await runtime.stop(manifest.id);
  recordInstall(hub, manifest, origin, channel, session);
  runtime.load(manifest.id, dir, manifest, env, debug);
  const started = runtime.start(manifest.id);
  if (wait) await started;
  return requireApp(hub, manifest.id);
}

export async function uninstall(hub: HubCore & Pick<Hub, 'apps' | 'groupsByMember'>, id: string, purgeSettings: boolean): Promise<void> {
  const app = requireApp(hub, id);
  await hub.apps.stop(id);
  forget(hub, id, purgeSettings);
  // Awaited: the folder is gone before the app's id can be installed again (callers hold oneAtATime).
  if (app.origin !== 'devkit_run') await rm(installedDir(hub, app), { recursive: true, force: true });
  // A devkit session's app keeps its files for the next run, as it keeps its settings, unless they are purged.
  if (app.origin !== 'devkit_run' || purgeSettings) await rm(userdataDir(hub, id), { recursive: true, force: true });
}

/** Removes a stopped app with the devices of its drivers (and its settings when purged). */
export function forget(hub: HubCore & Pick<Hub, 'apps' | 'groupsByMember'>, id: string, purgeSettings: boolean): void {
  hub.store.transaction(() => {
    for (const device of hub.store.values('device').filter((device) => device.ownerUri === appUri(id))) {
      beforeRemove(hub, device);
      hub.store.remove('device', device.id);
    }
    hub.store.remove('app', id);
    if (purgeSettings && hub.store.get('appsettings', id)) hub.store.remove('appsettings', id);
  });
  hub.apps.unload(id);
}

export async function enable(hub: HubCore & Pick<Hub, 'apps'>, id: string): Promise<void> {
  const app = requireApp(hub, id);
  if (!app.enabled) hub.store.save('app', { ...app, enabled: true });
  await hub.apps.start(id);
}

export async function disable(hub: HubCore & Pick<Hub, 'apps'>, id: string): Promise<void> {
  const app = requireApp(hub, id);
  if (app.enabled) hub.store.save('app', { ...app, enabled: false });
  await hub.apps.stop(id);
}

export async function restart(hub: HubCore & Pick<Hub, 'apps'>, id: string): Promise<void> {
  const app = requireApp(hub, id);
  if (!app.enabled) throw conflict(`${app.name} is disabled: enable it to start it`);
  const runtime = hub.apps;
  await runtime.stop(id);
  await runtime.start(id);
}
