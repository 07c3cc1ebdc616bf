// The entry point of an app's worker thread: gives the app its SDK (`homey`) over the message port and runs it.
// Plain JavaScript: workers run outside the TypeScript loader of the hub and of its tests.
import { parentPort, workerData } from 'node:worker_threads';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const { appDir, settings: initialSettings, now: startNow, env, hub } = workerData;

// An SDK v3 app's `require('homey')` is the hub's SDK module, whatever the app brings in its node_modules.
const Module = require('node:module');
const SDK_MODULE = require.resolve('../sdk/index.cjs');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveHomey(request, ...rest) {
  return request === 'homey' ? SDK_MODULE : resolveFilename.call(this, request, ...rest);
};
// An ES module app (its package.json says "type": "module") imports 'homey' through module hooks. They run in a thread
// of their own, which a CommonJS app, resolved by the resolver above, is spared.
if (isModuleApp(appDir)) Module.register('../sdk/esm-hooks.mjs', import.meta.url, { data: { sdk: pathToFileURL(SDK_MODULE).href } });
const host = require('../sdk/host.cjs');
const { runListeners } = require('../sdk/flow.cjs');
const { startApp, isAppClass } = require('../sdk/start.cjs');
require('../sdk/userdata.cjs').mapUserdata(hub.userdata);

const settings = new Map(Object.entries(initialSettings));
/** Who hears a setting change: (name, 'set' | 'unset'). */
const settingListeners = new Set();
const routeHandlers = new Map();
const signIns = new Map();
let signInCount = 0;
let clockAt = { hub: startNow, local: performance.now() };

/** The hub's time: the last the hub told (each message brings it), plus what passed here since. */
const hubNow = () => clockAt.hub + Math.round(performance.now() - clockAt.local);
// The app's Date reads the hub clock (server/http/clock.ts), as the hub's own code does: one time in the home.
const SystemDate = Date;
globalThis.Date = new Proxy(SystemDate, {
  construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [hubNow()], newTarget),
  apply: () => new SystemDate(hubNow()).toString(),
  get: (target, key) => (key === 'now' ? hubNow : Reflect.get(target, key)),
});

// Workers take no V8 flags at start: expose gc() to a fresh context instead, for gcApp.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc');

const post = (message) => parentPort.postMessage(message);
host.connect(post);
// Names that are not plain data on the hub, which keeps settings by name in objects.
const RESERVED_SETTING_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
const settingName = (name) => {
  if (typeof name !== 'string' || RESERVED_SETTING_NAMES.has(name)) throw new TypeError(`A setting may not be named ${String(name)}`);
  return name;
};

/**
 * An OAuth2 sign-in with a provider (homey.cloud.createOAuth2Callback): 'url' is the URL the user opens (heard by
 * every listener, also one added later), 'code' the provider's authorization code once the user signed in.
 */
function oauth2Callback(url) {
  const codeListeners = [];
  return {
    on(event, listener) {
      if (event === 'url') queueMicrotask(() => listener(url));
      else if (event === 'code') codeListeners.push(listener);
      return this;
    },
    receive(code) {
      for (const listener of codeListeners) listener(code);
    },
  };
}

/** The app's settings, kept by the hub (the SDK's ManagerSettings reads and writes them here). */
const settingStore = {
  get: (name) => settings.get(name) ?? null,
  getKeys: () => [...settings.keys()],
  set(name, value) {
    settingName(name);
    settings.set(name, value);
    post({ type: 'setSetting', name, value });
  },
  unset(name) {
    settingName(name);
    settings.delete(name);
    post({ type: 'setSetting', name, value: null });
  },
  on(event, listener) {
    if (event === 'change') settingListeners.add(listener);
  },
};

/** The app's OAuth2 sign-ins, through the hub's cloud callback service (cloud/oauth2.ts). */
const cloud = {
  /** Starts an OAuth2 sign-in with the provider's authorization URL `apiUrl`; resolves once the URL to open is known. */
  createOAuth2Callback(apiUrl) {
    const id = ++signInCount;
    return new Promise((resolve, reject) => {
      signIns.set(id, { resolve, reject, callback: null });
      post({ type: 'oauth2Callback', id, apiUrl: String(apiUrl) });
    });
  },
};

async function answer(callId, work) {
  try {
    post({ type: 'result', callId, value: await work() });
  } catch (error) {
    const statusCode = Number.isInteger(error?.statusCode) && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : undefined;
    post({ type: 'result', callId, error: error instanceof Error ? error.message : String(error), statusCode });
  }
}

parentPort.on('message', (message) => {
  if (message.now !== undefined) clockAt = { hub: message.now, local: performance.now() };
  switch (message.type) {
    case 'run': {
      const listener = runListeners.get(`${message.cardType}:${message.cardId}`);
      return answer(message.callId, () => {
        if (!listener) throw new Error(`The app has no run listener for ${message.cardType} ${message.cardId}`);
        return listener(message.args, message.state);
      });
    }
    case 'api': {
      const handler = routeHandlers.get(message.route);
      return answer(message.callId, async () => {
        if (!handler) throw new Error(`The app has no handler for its route ${message.route}`);
        const value = await handler({ params: message.params, query: message.query, body: message.body });
        // The answer travels as JSON: Dates become strings, and what JSON cannot hold fails here, as the app's error.
        return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
      });
    }
    case 'setting':
      if (message.value === null) settings.delete(message.name);
      else settings.set(message.name, message.value);
      for (const listener of settingListeners) listener(message.name, message.value === null ? 'unset' : 'set');
      return;
    case 'answer':
      return host.settle(message);
    case 'oauth2Url': {
      const signIn = signIns.get(message.id);
      if (!signIn) return;
      signIn.callback = oauth2Callback(message.url);
      return signIn.resolve(signIn.callback);
    }
    case 'oauth2Error': {
      const signIn = signIns.get(message.id);
      signIns.delete(message.id);
      return signIn?.reject(new Error(message.message));
    }
    case 'oauth2Code': {
      const signIn = signIns.get(message.id);
      signIns.delete(message.id);
      return signIn?.callback?.receive(message.code);
    }
    case 'gc':
      collectGarbage();
      return post({ type: 'usage', callId: message.callId, mem: getHeapStatistics().used_heap_size });
    case 'usage':
      return post({ type: 'usage', callId: message.callId, mem: getHeapStatistics().used_heap_size });
    case 'heap':
      // The hub's look at the heap: near the limit, garbage is collected first, so that only what the app holds counts.
      if (getHeapStatistics().used_heap_size > message.collectAbove) collectGarbage();
      return post({ type: 'usage', callId: message.callId, mem: getHeapStatistics().used_heap_size });
    default:
      return sdkMessage(message);
  }
});

/** What the SDK handles (sdk/start.cjs): answered when the hub asked (a call id), else its failure is the app's log. */
function sdkMessage(message) {
  const handler = host.handlerOf(message.type);
  if (message.callId !== undefined) {
    return answer(message.callId, () => {
      if (!handler) throw new Error(`The app does not handle ${message.type}`);
      return handler(message);
    });
  }
  if (!handler) return;
  Promise.resolve().then(() => handler(message)).catch((error) => process.stderr.write(`${format(error)}\n`));
}

// What an SDK v3 app may read as Homey.env and Homey.manifest as soon as its code loads.
const appEnv = Object.freeze({ ...env });
Object.assign(require(SDK_MODULE), { env: appEnv, manifest: JSON.parse(readFileSync(`${appDir}/app.json`, 'utf-8')) });
// app.js exports the app's class (CommonJS, `require('homey')`, or an ES module's default).
const { default: exported } = await import(pathToFileURL(`${appDir}/app.js`).href);
if (!isAppClass(exported)) throw new Error('app.js must export a class that extends Homey.App (Apps SDK v3)');
await startApp(exported, { dir: appDir, env: appEnv, hub, runner: { settings: settingStore, cloud, routeHandlers } });
post({ type: 'ready' });

/** Whether the app's code is ES modules: its package.json's "type" (Node's own rule for app.js). */
function isModuleApp(dir) {
  try {
    return JSON.parse(readFileSync(`${dir}/package.json`, 'utf-8')).type === 'module';
  } catch {
    return false;
  }
}
