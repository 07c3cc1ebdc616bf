import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { badRequest } from '../../http/errors.js';
import type { ArgSpec, TokenSpec } from '../flow/cards.js';
import type { CapabilityValue } from '../drivers/capabilities.js';
import type { DeviceClass, DriverCapabilityOptions } from '../drivers/catalogue.js';
import { isSettingName } from './setting-values.js';

/** A flow card an app declares; the app's code registers what it does. */
export interface ManifestCard {
  id: string;
  title: string;
  args?: ArgSpec[];
  tokens?: TokenSpec[];
}

export interface ManifestDriver {
  id: string;
  name: string;
  class: DeviceClass;
  connectivity?: string[];
  capabilities: string[];
  options?: Record<string, DriverCapabilityOptions>;
  initial?: Record<string, CapabilityValue>;
}

/** A route of the app's own API (`/api/app/<appId>/<path>`); the app registers its handler by name. */
export interface ManifestRoute {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `/times`, `/echo/:word`: a `:name` segment is a parameter the handler reads as `params.name`. */
  path: string;
  /** A public route needs no token; any other needs `scope`. */
  public: boolean;
  scope: string;
}

/** An app package's app.json. */
export interface Manifest {
  id: string;
  version: string;
  sdk: 1 | 2 | 3;
  name: string;
  brandColor: string;
  icon: string;
  author: { name: string; email: string };
  permissions: string[];
  compatibility: string;
  settings: Array<{ id: string; type: string; default?: unknown }>;
  locales: Record<string, Record<string, string>>;
  flow: { triggers: ManifestCard[]; conditions: ManifestCard[]; actions: ManifestCard[] };
  drivers: ManifestDriver[];
  api: ManifestRoute[];
}

export const APP_ID = /^[a-z0-9]+(\.[a-z0-9_-]+)+$/;
const VERSION = /^\d+\.\d+\.\d+$/;
const LOCAL_ID = /^[A-Za-z0-9_-]{1,100}$/;

const ROUTE_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
const ROUTE_PATH = /^(\/(:?[A-Za-z0-9_.-]+))*\/?$/;
const SETTING_ID = /^[A-Za-z0-9_.-]{1,100}$/;
const SCOPE = /^homey(\.[a-z]+(-[a-z]+)*)*$/;
/** Every route of the app's API needs this scope unless it names its own or is public. */
export const DEFAULT_ROUTE_SCOPE = 'homey.app';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks an app.json read from a package (the catalogue's, a devkit upload's): a 400 naming what is wrong. */
export function checkManifest(value: unknown): Manifest {
  if (!isObject(value)) throw badRequest('app.json must be a JSON object');
  const fail = (what: string) => badRequest(`app.json: ${what}`);
  if (typeof value.id !== 'string' || !APP_ID.test(value.id)) throw fail('id must be a reverse-domain app id such as com.example.app');
  if (typeof value.version !== 'string' || !VERSION.test(value.version)) throw fail('version must be major.minor.patch');
  if (value.sdk !== 1 && value.sdk !== 2 && value.sdk !== 3) throw fail('sdk must be 1, 2 or 3');
  // A name per language ({ en, nl }) as store packages have it; the hub shows the English one.
  const name = isObject(value.name) && typeof value.name.en === 'string' ? value.name.en : value.name;
  if (typeof name !== 'string' || !name) throw fail('name is required: a text, or texts per language with en');
  const author = value.author;
  if (!isObject(author) || typeof author.name !== 'string' || typeof author.email !== 'string') throw fail('author needs a name and an email');
  const flow = isObject(value.flow) ? value.flow : {};
  const cards = (list: unknown) => (Array.isArray(list) ? (list as ManifestCard[]) : []);
  const drivers = Array.isArray(value.drivers) ? (value.drivers as ManifestDriver[]) : [];
  for (const item of [...cards(flow.triggers), ...cards(flow.conditions), ...cards(flow.actions), ...drivers]) {
    if (!isObject(item) || typeof item.id !== 'string' || !LOCAL_ID.test(item.id)) throw fail('every flow card and driver needs an id of letters, digits, _ and -');
  }
  for (const driver of drivers) if (!Array.isArray(driver.capabilities)) throw fail(`driver ${driver.id} needs capabilities`);
  const settings = Array.isArray(value.settings) ? (value.settings as Manifest['settings']) : [];
  for (const setting of settings) {
    if (!isObject(setting) || typeof setting.id !== 'string' || !SETTING_ID.test(setting.id) || !isSettingName(setting.id)) {
      throw fail('every setting needs an id of letters, digits, _, . and - other than __proto__, constructor and prototype');
    }
  }
  const api = checkRoutes(value.api, fail);
  return {
    id: value.id,
    version: value.version,
    sdk: value.sdk,
    name,
    brandColor: typeof value.brandColor === 'string' && /^#[0-9a-fA-F]{6}$/.test(value.brandColor) ? value.brandColor : '#888888',
    icon: typeof value.icon === 'string' ? value.icon : '/assets/icon.svg',
    author: { name: author.name, email: author.email },
    permissions: Array.isArray(value.permissions) ? value.permissions.filter((p): p is string => typeof p === 'string') : [],
    compatibility: typeof value.compatibility === 'string' ? value.compatibility : '>=12.0.0',
    settings,
    locales: isObject(value.locales) ? (value.locales as Manifest['locales']) : {},
    flow: { triggers: cards(flow.triggers), conditions: cards(flow.conditions), actions: cards(flow.actions) },
    drivers,
    api,
  };
}

/** The `api` section: routes by name, each a method and a path unique in the app, public or with a scope. */
function checkRoutes(section: unknown, fail: (what: string) => Error): ManifestRoute[] {
  if (section === undefined) return [];
  if (!isObject(section)) throw fail('api must be an object of routes by name');
  const routes = Object.entries(section).map(([name, route]): ManifestRoute => {
    if (!LOCAL_ID.test(name) || !isObject(route)) throw fail(`api route ${name}: a name of letters, digits, _ and - with an object`);
    const { method, path, public: isPublic = false, scope = DEFAULT_ROUTE_SCOPE } = route;
    if (typeof method !== 'string' || !ROUTE_METHODS.has(method)) throw fail(`api route ${name}: method must be GET, POST, PUT or DELETE`);
    if (typeof path !== 'string' || !path.startsWith('/') || !ROUTE_PATH.test(path)) throw fail(`api route ${name}: path must be like /devices/:id`);
    if (typeof isPublic !== 'boolean') throw fail(`api route ${name}: public must be true or false`);
    if (typeof scope !== 'string' || !SCOPE.test(scope)) throw fail(`api route ${name}: scope must be a hub scope such as homey.app`);
    return { name, method: method as ManifestRoute['method'], path, public: isPublic, scope };
  });
  const keys = routes.map((route) => `${route.method} ${route.path.replace(/:[^/]+/g, ':').replace(/\/$/, '')}`);
  const twice = keys.find((key, index) => keys.indexOf(key) !== index);
  if (twice) throw fail(`api: two routes answer ${twice}`);
  return routes;
}

/** The app's icon as items show it (the app's own, its drivers' and flow cards' owner icon). */
export const appIconObj = (manifest: Pick<Manifest, 'id' | 'icon'>) => ({ id: manifest.id, url: `/app/${manifest.id}${manifest.icon}` });

/** Reads and checks the app.json of the package in `dir`. */
export function readManifest(dir: string): Manifest {
  const file = join(dir, 'app.json');
  if (!existsSync(file) || !existsSync(join(dir, 'app.js'))) throw badRequest('An app package holds app.json and app.js');
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf-8'));
  } catch (error) {
    throw badRequest(`app.json is not valid JSON: ${(error as Error).message}`);
  }
  return checkManifest(parsed);
}
