import type { HubCore } from '../core/context.js';
import { storeRelease } from '../../common/app-package/store-catalogue.js';
import { recordStoreInstall } from './store.js';

export const DEMO_APPS = ['com.example.suntimes', 'com.example.thermostat', 'com.example.crashtest'];

/** The demo home's apps, the store's stable releases; they start with the hub. None when `demoApps` is off. */
export function seedDemoApps(hub: HubCore): void {
  if (hub.config.demoApps === false) return;
  for (const id of DEMO_APPS) recordStoreInstall(hub, storeRelease(id, 'stable')!, 'stable');
}
