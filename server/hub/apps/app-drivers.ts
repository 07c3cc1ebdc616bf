import { registerAppDriver, type DriverDefinition } from '../drivers/catalogue.js';
import { appIconObj, type Manifest } from './manifest.js';

/** The driver definitions of an app's manifest: their devices pair like virtual ones and belong to the app. */
export function packageDrivers(manifest: Manifest): DriverDefinition[] {
  const ownerUri = `homey:app:${manifest.id}`;
  return manifest.drivers.map((driver) => ({
    id: `${ownerUri}:${driver.id}`,
    name: driver.name,
    class: driver.class,
    connectivity: driver.connectivity ?? [],
    color: manifest.brandColor,
    capabilities: driver.capabilities,
    options: driver.options ?? {},
    initial: driver.initial ?? {},
    settings: [],
    energy: null,
    asksPin: false,
    pairable: true,
    ownerUri,
    ownerName: manifest.name,
    ownerIconObj: appIconObj(manifest),
  }));
}

/** Adds an app's drivers to the catalogue; returns their removal. */
export function registerPackageDrivers(manifest: Manifest): () => void {
  const removals = packageDrivers(manifest).map(registerAppDriver);
  return () => removals.forEach((remove) => remove());
}
