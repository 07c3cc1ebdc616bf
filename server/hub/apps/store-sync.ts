import type { Hub, HubCore } from '../core/context.js';
import { reportUsageToStore } from './cloud-store.js';
import { appUri } from './app-record.js';
import { checkCloudUpdates } from './store.js';

/** What syncing with the app store reads of the hub: its apps' runtime (card runs, updates) and the core. */
type SyncingHub = HubCore & Pick<Hub, 'apps'>;

/** How often a hub asks the app store for updates and tells it how its apps are used. */
export const STORE_SYNC_MS = 6 * 60 * 60 * 1000;

/** Tells the app store, per store app, its devices per driver and its flow card runs since the last report. */
export async function reportStoreUsage(hub: SyncingHub): Promise<void> {
  const runtime = hub.apps;
  const devices = hub.store.values('device');
  for (const app of hub.store.values('app').filter((app) => app.origin === 'appstore')) {
    const prefix = `${appUri(app.id)}:`;
    const drivers: Record<string, number> = {};
    for (const device of devices) if (device.driverId.startsWith(prefix)) drivers[device.driverId.slice(prefix.length)] = (drivers[device.driverId.slice(prefix.length)] ?? 0) + 1;
    const { runs, putBack } = runtime.takeCardRuns(app.id);
    if (!(await reportUsageToStore(hub, app.id, drivers, runs))) putBack();
  }
}

/** Updates, then usage, with the app store when the hub has one; what cannot be done now waits for the next round. */
export async function syncAppStoreNow(hub: SyncingHub): Promise<void> {
  if (!hub.config.appStore) return;
  await checkCloudUpdates(hub).catch(() => undefined);
  await reportStoreUsage(hub).catch(() => undefined);
}

/** Syncs with the app store once now, then every STORE_SYNC_MS on the hub's clock. Returns the stop, which awaits a round underway. */
export function syncWithAppStore(hub: SyncingHub): () => Promise<void> {
  let cancel = () => {};
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const round = () => {
    running = syncAppStoreNow(hub);
    if (!stopped) cancel = hub.clock.at(hub.now() + STORE_SYNC_MS, round);
  };
  round();
  return async () => {
    stopped = true;
    cancel();
    await running;
  };
}
