import type { Hub } from '../context.js';
import { catalogueApp } from './manifest.js';
import { recordStoreInstall } from './store.js';

export const DEMO_APPS = ['com.example.suntimes', 'com.example.thermostat', 'com.example.crashtest'];

/** The demo home's apps, from the catalogue; they start with the hub. */
export function seedDemoApps(hub: Hub): void {
  for (const id of DEMO_APPS) {
    const { manifest, dir } = catalogueApp(id)!;
    recordStoreInstall(hub, manifest, dir, 'stable');
  }
}
