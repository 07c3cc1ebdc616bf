import { ApiError, conflict, notFound } from '../../http/errors.js';
import type { Hub } from '../context.js';
import { copyPackage, installPackage, recordInstall } from './lifecycle.js';
import { catalogueApp, type Manifest } from './manifest.js';
import type { App } from './runtime.js';

/** Whether version a (major.minor.patch) is newer than b. */
export function isNewer(a: string, b: string): boolean {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return x![i]! > y![i]!;
  return false;
}

/** installFromAppStore: the app store's package of the app (the catalogue, until the cloud apps service is reachable). */
export function installFromStore(hub: Hub, id: string, channel: App['channel'] | undefined, version: string | undefined, wait: boolean): Promise<App> {
  const found = catalogueApp(id);
  if (!found) throw notFound(`App ${id} in the app store`);
  if (hub.store.get<App>('app', id)?.origin === 'devkit_run') throw conflict(`${id} runs from the devkit: stop its session first`);
  if (version !== undefined && version !== found.manifest.version) throw new ApiError(404, 'not_found', `Version ${version} of ${id} is not in the app store`);
  const dir = copyPackage(hub, found.dir, { id, origin: 'appstore', session: null });
  return installPackage(hub, dir, found.manifest, 'appstore', { channel, wait });
}

/** Copies the store's package of an app and records it installed (stopped), as the demo home and updates do. */
export function recordStoreInstall(hub: Hub, manifest: Manifest, dir: string, channel: App['channel']): void {
  copyPackage(hub, dir, { id: manifest.id, origin: 'appstore', session: null });
  recordInstall(hub, manifest, 'appstore', channel, null);
}

/**
 * At start, for a store app: a newer version in the store is installed when the app updates automatically, else
 * offered as `updateAvailable` with the permissions it asks for.
 */
export function checkStoreUpdate(hub: Hub, app: App): void {
  const found = app.origin === 'appstore' ? catalogueApp(app.id) : undefined;
  if (!found || !isNewer(found.manifest.version, app.version)) {
    if (app.updateAvailable) hub.store.save('app', { ...app, updateAvailable: null });
    return;
  }
  if (!app.autoupdate) {
    hub.store.save('app', { ...app, updateAvailable: { version: found.manifest.version, permissions: found.manifest.permissions } });
    return;
  }
  recordStoreInstall(hub, found.manifest, found.dir, app.channel);
  hub.store.save('app', { ...hub.store.get<App>('app', app.id)!, enabled: app.enabled });
}
