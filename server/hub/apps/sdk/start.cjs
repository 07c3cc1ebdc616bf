'use strict';
// Starts an SDK v3 app in its worker: its App, then each driver and its devices, then its api.js; and answers what
// the hub sends about them (devices added, changed, removed, capabilities set by users, pairing, autocomplete).
const { existsSync, readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');
const host = require('./host.cjs');
const sdk = require('./index.cjs');
const { Homey } = require('./homey.cjs');
const { PairSession } = require('./driver.cjs');
const { autocompleteListeners, findDevicesWith, withDevices } = require('./flow.cjs');

/** The app's texts per language, from `locales/<language>.json`. */
function readLocales(dir) {
  const folder = join(dir, 'locales');
  if (!existsSync(folder)) return {};
  return Object.fromEntries(
    readdirSync(folder).filter((file) => file.endsWith('.json')).map((file) => [file.slice(0, -5), JSON.parse(readFileSync(join(folder, file), 'utf-8'))]),
  );
}

/**
 * What `file` exports (CommonJS, or an ES module's default), or `fallback` when there is no such file: imported, so
 * that an ES module's `import Homey from 'homey'` goes through the worker's module hooks (sdk/esm-hooks.mjs).
 */
async function load(file, fallback) {
  if (!existsSync(file)) return fallback;
  const module = await import(pathToFileURL(file).href);
  // An ES module api.js may export its handlers by name instead of as its default.
  return module.default ?? module;
}

/** Whether `exported` (what app.js exports) is an SDK v3 App class. */
const isAppClass = (exported) => typeof exported === 'function' && exported.prototype instanceof sdk.App;

/**
 * Runs the app: `AppClass` is what app.js exported; `runner` holds the worker's settings, cloud sign-ins and route
 * handlers (worker/runner.js), `hub` what the hub told of itself (language, units, timezone, location, the app's
 * devices).
 */
async function startApp(AppClass, { dir, env, hub, runner }) {
  const manifest = JSON.parse(readFileSync(join(dir, 'app.json'), 'utf-8'));
  const drivers = new Map();
  const homey = new Homey({ dir, manifest, env, hub, locales: readLocales(dir), settings: runner.settings, cloud: runner.cloud, drivers });
  const devices = new Map();
  findDevicesWith((id) => devices.get(id));
  const deviceClasses = new Map();

  const addDevice = async (state, added) => {
    const driver = drivers.get(state.driverId);
    if (!driver || devices.has(state.id)) return;
    const DeviceClass = driver.onMapDeviceClass?.({ getData: () => state.data }) ?? deviceClasses.get(state.driverId);
    const device = new DeviceClass({ homey, driver, state });
    devices.set(state.id, device);
    driver._devices.set(state.id, device);
    await device.onInit();
    device._markReady();
    if (added) await device.onAdded();
    if (added && driver.manifest.discovery) {
      for (const result of Object.values(homey.discovery.getStrategy(driver.manifest.discovery).getDiscoveryResults())) await tellDiscovered(device, result);
    }
  };

  /** A result of its driver's strategy, for a device: its own (onDiscoveryResult), first seen, moved, or seen again. */
  const tellDiscovered = async (device, result) => {
    if (!device.onDiscoveryResult(result)) return;
    const before = device._discovered;
    device._discovered = result;
    if (!before) await device.onDiscoveryAvailable(result);
    else if (before.address !== result.address) await device.onDiscoveryAddressChanged(result);
    else await device.onDiscoveryLastSeenChanged(result);
  };

  homey.app = new AppClass({ homey });
  await homey.app.onInit();
  homey.markReady();
  await homey.dashboards._register();
  for (const driverManifest of manifest.drivers ?? []) {
    const driverDir = join(dir, 'drivers', driverManifest.id);
    const DriverClass = await load(join(driverDir, 'driver.js'), sdk.Driver);
    deviceClasses.set(driverManifest.id, await load(join(driverDir, 'device.js'), sdk.Device));
    drivers.set(driverManifest.id, new DriverClass({ id: driverManifest.id, homey, manifest: driverManifest }));
  }
  for (const driver of drivers.values()) {
    await driver.onInit();
    driver._markReady();
    for (const state of hub.devices.filter((candidate) => candidate.driverId === driver.id)) await addDevice(state, false);
  }

  await homey.discovery._start(async (strategyId, result) => {
    for (const device of devices.values()) if (device.driver.manifest.discovery === strategyId) await tellDiscovered(device, result);
  });

  if (existsSync(join(dir, 'api.js'))) {
    const api = await load(join(dir, 'api.js'), {});
    for (const [name, handler] of Object.entries(api)) {
      if (typeof handler === 'function') runner.routeHandlers.set(name, (args) => handler.call(api, { homey, ...args }));
    }
  }

  // The hub stops the app: its 'unload' listeners, then its devices', drivers' and its own onUninit, within the hub's grace.
  host.handle('uninit', async () => {
    await homey._unload();
    for (const device of devices.values()) await device.onUninit();
    for (const driver of drivers.values()) await driver.onUninit();
    await homey.app.onUninit();
    homey.destroy();
  });

  // The app nears a limit of the hub's (app-worker.ts): `cpuwarn` or `memwarn` with { count, limit }, as Homey's.
  host.handle('warn', ({ event, count, limit }) => homey.emit(event, { count, limit }));

  const pairSessions = new Map();
  // The hub's pair, repair or unpair session of a driver: started (onPair, onRepair, onUnpair with its app.json views)
  // at its first event, or with none (`event` null) when the hub needs it started.
  host.handle('pair', async ({ sessionId, sessionType, deviceId, driverId, event, data }) => {
    const driver = homey.drivers.getDriver(driverId);
    let session = pairSessions.get(sessionId);
    if (!session) {
      const kind = ['repair', 'unpair'].includes(sessionType) ? sessionType : 'pair';
      pairSessions.set(sessionId, (session = new PairSession(sessionId, driver.manifest[kind] ?? [])));
      if (kind === 'repair') await driver.onRepair(session, devices.get(deviceId));
      else if (kind === 'unpair') await driver.onUnpair(session, devices.get(deviceId));
      else await driver.onPair(session);
    }
    if (event === null) return null;
    if (session._handles(event)) return session._run(event, data);
    if (event === 'list_devices') return driver.onPairListDevices(data);
    // The screen showing a view is news to an app that listens, not a question.
    if (event === 'showView') return null;
    throw new Error(`The driver ${driverId} does not handle the pairing event ${event}`);
  });
  host.handle('pair.end', async ({ sessionId }) => {
    const session = pairSessions.get(sessionId);
    pairSessions.delete(sessionId);
    if (session?._handles('disconnect')) await session._run('disconnect');
  });
  host.handle('autocomplete', async ({ cardType, cardId, name, query, args }) => {
    const listener = autocompleteListeners.get(`${cardType}:${cardId}:${name}`);
    if (!listener) throw new Error(`No autocomplete listener for argument ${name} of ${cardId}`);
    return listener(query, withDevices(args ?? {}));
  });
  host.handle('capability', async ({ device: { id }, capabilityId, value }) => {
    const device = devices.get(id);
    if (device) await device.triggerCapabilityListener(capabilityId, value, {});
  });
  host.handle('device.create', ({ device }) => addDevice(device, true));
  host.handle('device.update', async ({ device: state }) => {
    const device = devices.get(state.id);
    if (!device) return;
    const before = device._state;
    device._state = { ...before, ...state };
    if (state.name !== before.name) await device.onRenamed(state.name);
  });
  // A user's settings change, asked before the hub saves it: what onSettings throws refuses it (as in Homey, the
  // app's own setSettings does not come here).
  host.handle('device.settings', async ({ id, oldSettings, newSettings, changedKeys }) => {
    const device = devices.get(id);
    if (device) await device.onSettings({ oldSettings, newSettings, changedKeys });
  });
  host.handle('device.delete', async ({ id }) => {
    const device = devices.get(id);
    if (!device) return;
    devices.delete(id);
    device.driver._devices.delete(id);
    await device.onDeleted();
    await device.onUninit();
    device.destroy();
  });
}

module.exports = { startApp, isAppClass };
