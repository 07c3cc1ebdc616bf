import type { Hub } from '../context.js';
import { recordInstall } from './lifecycle.js';
import { catalogueApp } from './manifest.js';

const DEMO_APPS = ['com.example.suntimes', 'com.example.thermostat', 'com.example.crashtest'];

/** The demo home's apps, from the catalogue; they start with the hub. */
export function seedDemoApps(hub: Hub): void {
  for (const id of DEMO_APPS) recordInstall(hub, catalogueApp(id)!.manifest, 'appstore', 'stable', null);
}
