import { ApiError, conflict, notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { cloudInstall, downloadRelease } from './cloud-store.js';
import { copyPackage, copyPackageBeforeServing, installPackage, recordInstall } from './lifecycle.js';
import { type App } from './app-record.js';
import { isNewer, isStoreApp, releaseChannel, storeRelease, type Channel, type Release } from '../../common/app-package/store-catalogue.js';

/**
 * installFromAppStore: the newest release the channel offers (default stable), or the version asked for, which the
 * channel must offer; a version asked for without a channel installs on the channel it was published on. From the
 * cloud app store when one is set and reachable, else from the catalogue the hub ships.
 */
export function installFromStore(hub: HubCore & Pick<Hub, 'apps'>, id: string, channel: Channel | undefined, version: string | undefined, wait: boolean): Promise<App> {
  return hub.apps.oneAtATime(id, () => installNow(hub, id, channel, version, wait));
}

async function installNow(hub: HubCore & Pick<Hub, 'apps'>, id: string, channel: Channel | undefined, version: string | undefined, wait: boolean): Promise<App> {
  if (hub.store.get('app', id)?.origin === 'devkit_run') throw conflict(`${id} runs from the devkit: stop its session first`);
  // A version without a channel: alpha offers every published build, and the answer names the build's channel.
  const install = await cloudInstall(hub, id, channel ?? (version !== undefined ? 'alpha' : 'stable'), version);
  if (install) {
    const release = await downloadRelease(hub, id, install);
    try {
      const dir = await copyPackage(hub, release.dir, { id, origin: 'appstore', session: null });
      return await installPackage(hub, dir, release.manifest, 'appstore', { channel: channel ?? (version !== undefined ? install.channel : 'stable'), wait });
    } finally {
      await release.done();
    }
  }
  if (!isStoreApp(id)) throw notFound(`App ${id} in the app store`);
  const onChannel = channel ?? (version !== undefined ? releaseChannel(id, version) : undefined) ?? 'stable';
  const release = storeRelease(id, onChannel, version);
  if (!release) throw new ApiError(404, 'not_found', `Version ${version} of ${id} is not in the app store's ${onChannel} channel`);
  const dir = await copyPackage(hub, release.dir, { id, origin: 'appstore', session: null });
  return installPackage(hub, dir, release.manifest, 'appstore', { channel: onChannel, wait });
}

/** Copies the store's package of a release and records it installed (stopped), as the demo home and updates at start do. */
export function recordStoreInstall(hub: HubCore, release: Release, channel: Channel): void {
  copyPackageBeforeServing(hub, release.dir, { id: release.manifest.id, origin: 'appstore', session: null });
  recordInstall(hub, release.manifest, 'appstore', channel, null);
}

/** Offers an update (`updateAvailable`, with the permissions it asks for), or takes back an offer when none is newer. */
function offerUpdate(hub: HubCore, app: App, newest: { version: string; permissions: string[] } | undefined): boolean {
  if (!newest || !isNewer(newest.version, app.version)) {
    if (app.updateAvailable) hub.store.save('app', { ...app, updateAvailable: null });
    return false;
  }
  if (!app.autoupdate) hub.store.save('app', { ...app, updateAvailable: { version: newest.version, permissions: newest.permissions } });
  return app.autoupdate;
}

/**
 * At start, for a store app: a newer release on its channel in the shipped catalogue is installed when the app
 * updates automatically, else offered as `updateAvailable` with the permissions it asks for.
 */
export function checkStoreUpdate(hub: HubCore, app: App): void {
  const newest = app.origin === 'appstore' ? storeRelease(app.id, app.channel) : undefined;
  if (!offerUpdate(hub, app, newest && { version: newest.version, permissions: newest.manifest.permissions })) return;
  recordStoreInstall(hub, newest!, app.channel);
  hub.store.save('app', { ...hub.store.get('app', app.id)!, enabled: app.enabled });
}

/**
 * Asks the cloud app store for each store app's newest build on the channel it follows: installed at once when the
 * app updates automatically (restarted if it was enabled), else offered. An app the store cannot answer for keeps
 * what it has. Returns the ids of the apps updated.
 */
export async function checkCloudUpdates(hub: HubCore & Pick<Hub, 'apps'>): Promise<string[]> {
  const updated: string[] = [];
  for (const app of hub.store.values('app').filter((app) => app.origin === 'appstore')) {
    if (await hub.apps.oneAtATime(app.id, () => updateFromCloud(hub, app.id))) updated.push(app.id);
  }
  return updated;
}

/** Updates one store app from the cloud store, if it is still a store app and has a newer build; true when it did. */
async function updateFromCloud(hub: HubCore & Pick<Hub, 'apps'>, id: string): Promise<boolean> {
  const before = hub.store.get('app', id);
  const install = before && (await cloudInstall(hub, id, before.channel).catch(() => undefined));
  if (!install) return false;
  const current = hub.store.get('app', id);
  if (!current || current.origin !== 'appstore' || !offerUpdate(hub, current, install)) return false;
  const release = await downloadRelease(hub, id, install).catch(() => undefined);
  if (!release) return false;
  try {
    const dir = await copyPackage(hub, release.dir, { id, origin: 'appstore', session: null });
    if (current.enabled) {
      await installPackage(hub, dir, release.manifest, 'appstore', { channel: current.channel, wait: false });
    } else {
      await hub.apps.stop(id);
      recordInstall(hub, release.manifest, 'appstore', current.channel, null);
      hub.store.save('app', { ...hub.store.get('app', id)!, enabled: false });
      hub.apps.load(id, dir, release.manifest);
    }
    return true;
  } finally {
    await release.done();
  }
}
