import { ApiError, conflict, notFound } from '../../http/errors.js';
import type { Hub } from '../context.js';
import { copyPackage, installPackage, recordInstall } from './lifecycle.js';
import type { App } from './runtime.js';
import { isNewer, isStoreApp, releaseChannel, storeRelease, type Channel, type Release } from './store-catalogue.js';

/**
 * installFromAppStore: the newest release the channel offers (default stable), or the version asked for, which the
 * channel must offer; a version asked for without a channel installs on the channel it was published on.
 */
export function installFromStore(hub: Hub, id: string, channel: Channel | undefined, version: string | undefined, wait: boolean): Promise<App> {
  if (!isStoreApp(id)) throw notFound(`App ${id} in the app store`);
  if (hub.store.get<App>('app', id)?.origin === 'devkit_run') throw conflict(`${id} runs from the devkit: stop its session first`);
  const onChannel = channel ?? (version !== undefined ? releaseChannel(id, version) : undefined) ?? 'stable';
  const release = storeRelease(id, onChannel, version);
  if (!release) throw new ApiError(404, 'not_found', `Version ${version} of ${id} is not in the app store's ${onChannel} channel`);
  const dir = copyPackage(hub, release.dir, { id, origin: 'appstore', session: null });
  return installPackage(hub, dir, release.manifest, 'appstore', { channel: onChannel, wait });
}

/** Copies the store's package of a release and records it installed (stopped), as the demo home and updates do. */
export function recordStoreInstall(hub: Hub, release: Release, channel: Channel): void {
  copyPackage(hub, release.dir, { id: release.manifest.id, origin: 'appstore', session: null });
  recordInstall(hub, release.manifest, 'appstore', channel, null);
}

/**
 * At start, for a store app: a newer release on its channel is installed when the app updates automatically, else
 * offered as `updateAvailable` with the permissions it asks for.
 */
export function checkStoreUpdate(hub: Hub, app: App): void {
  const newest = app.origin === 'appstore' ? storeRelease(app.id, app.channel) : undefined;
  if (!newest || !isNewer(newest.version, app.version)) {
    if (app.updateAvailable) hub.store.save('app', { ...app, updateAvailable: null });
    return;
  }
  if (!app.autoupdate) {
    hub.store.save('app', { ...app, updateAvailable: { version: newest.version, permissions: newest.manifest.permissions } });
    return;
  }
  recordStoreInstall(hub, newest, app.channel);
  hub.store.save('app', { ...hub.store.get<App>('app', app.id)!, enabled: app.enabled });
}
