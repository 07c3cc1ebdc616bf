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
  titleFormatted?: string;
  args?: ArgSpec[];
  tokens?: TokenSpec[];
  /** The driver whose devices its `device` arg offers (`filter: driver_id=<id>`): a device card of that driver. */
  deviceArg?: { name: string; driverId: string | undefined };
}

export interface ManifestDriver {
  id: string;
  name: string;
  class: DeviceClass;
  connectivity?: string[];
  capabilities: string[];
  options?: Record<string, DriverCapabilityOptions>;
  initial?: Record<string, CapabilityValue>;
  /** Device settings as app.json declares them (app-drivers.ts reads them). */
  settings?: unknown;
}

/** A route of the app's own API (`/api/app/<appId>/<path>`); the app registers its handler by name. */
export interface ManifestRoute {
  name: string;
  /** Upper case; app.json may give it in any case, as SDK v3 apps do (`get`). */
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
  author: { name: string; email: string | null };
  permissions: string[];
  compatibility: string;
  settings: Array<{ id: string; type: string; default?: unknown }>;
  locales: Record<string, Record<string, string>>;
  flow: { triggers: ManifestCard[]; conditions: ManifestCard[]; actions: ManifestCard[] };
  drivers: ManifestDriver[];
  /** The custom capabilities its drivers' devices may have, by id, as app.json declares them (app-drivers.ts reads them). */
  capabilities: Record<string, Record<string, unknown>>;
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
  if (!isObject(author) || typeof author.name !== 'string' || (author.email !== undefined && typeof author.email !== 'string')) {
    throw fail('author needs a name (and may have an email)');
  }
  const flow = isObject(value.flow) ? value.flow : {};
  const rawCards = (list: unknown) => (Array.isArray(list) ? (list as unknown[]) : []);
  const rawDrivers = Array.isArray(value.drivers) ? (value.drivers as unknown[]) : [];
  for (const item of [...rawCards(flow.triggers), ...rawCards(flow.conditions), ...rawCards(flow.actions), ...rawDrivers]) {
    if (!isObject(item) || typeof item.id !== 'string' || !LOCAL_ID.test(item.id)) throw fail('every flow card and driver needs an id of letters, digits, _ and -');
  }
  for (const driver of rawDrivers as Array<Record<string, unknown>>) if (!Array.isArray(driver.capabilities)) throw fail(`driver ${String(driver.id)} needs capabilities`);
  const cards = (list: unknown) => rawCards(list).map((card) => manifestCard(card as Record<string, unknown>));
  const drivers = (rawDrivers as Array<Record<string, unknown>>).map((driver) => ({ ...driver, name: text(driver.name) ?? String(driver.id) }) as ManifestDriver);
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
    author: { name: author.name, email: typeof author.email === 'string' ? author.email : null },
    permissions: Array.isArray(value.permissions) ? value.permissions.filter((p): p is string => typeof p === 'string') : [],
    compatibility: typeof value.compatibility === 'string' ? value.compatibility : '>=12.0.0',
    settings,
    locales: isObject(value.locales) ? (value.locales as Manifest['locales']) : {},
    flow: { triggers: cards(flow.triggers), conditions: cards(flow.conditions), actions: cards(flow.actions) },
    drivers,
    capabilities: isObject(value.capabilities) ? (value.capabilities as Manifest['capabilities']) : {},
    api,
  };
}

/** The `api` section: routes by name, each a method and a path unique in the app, public or with a scope. */
function checkRoutes(section: unknown, fail: (what: string) => Error): ManifestRoute[] {
  if (section === undefined) return [];
  if (!isObject(section)) throw fail('api must be an object of routes by name');
  const routes = Object.entries(section).map(([name, route]): ManifestRoute => {
    if (!LOCAL_ID.test(name) || !isObject(route)) throw fail(`api route ${name}: a name of letters, digits, _ and - with an object`);
    const { path, public: isPublic = false, scope = DEFAULT_ROUTE_SCOPE } = route;
    const method = typeof route.method === 'string' ? route.method.toUpperCase() : route.method;
    if (typeof method !== 'string' || !ROUTE_METHODS.has(method)) throw fail(`api route ${name}: method must be GET, POST, PUT or DELETE (in any case)`);
    if (typeof path !== 'string' || !path.startsWith('/') || !ROUTE_PATH.test(path)) throw fail(`api route ${name}: path must be like /devices/:id`);
    if (typeof isPublic !== 'boolean') throw fail(`api route ${name}: public must be true or false`);
    if (typeof scope !== 'string' || !SCOPE.test(scope)) throw fail(`api route ${name}: scope must be a hub scope such as homey.app`);
    return { name, method: method as ManifestRoute['method'], path, public: isPublic, scope };
  });
  // Two routes may answer the same method and path, as homey-lib lets them: the first declared answers (matchRoute).
  return routes;
}

/** A text of app.json: itself, or its English one when given per language ({ en, nl }). */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return isObject(value) && typeof value.en === 'string' ? value.en : undefined;
}

const ARG_TYPES = new Set<ArgSpec['type']>(['text', 'number', 'checkbox', 'dropdown', 'autocomplete', 'time', 'date', 'range', 'color']);

/**
 * A flow card of app.json as the hub's cards have it: texts in English, tokens by `name` (SDK v3) or `id`, a
 * `device` arg offered as an autocomplete of the app's devices of the driver its filter names.
 */
function manifestCard(card: Record<string, unknown>): ManifestCard {
  const rawArgs = Array.isArray(card.args) ? (card.args as Array<Record<string, unknown>>) : [];
  const device = rawArgs.find((arg) => arg.type === 'device');
  const args = rawArgs.map((arg): ArgSpec => {
    const type = arg.type === 'device' ? 'autocomplete' : ARG_TYPES.has(arg.type as ArgSpec['type']) ? (arg.type as ArgSpec['type']) : 'text';
    const values = Array.isArray(arg.values) ? (arg.values as Array<Record<string, unknown>>).map((choice) => ({ id: String(choice.id), title: text(choice.label) ?? text(choice.title) ?? String(choice.id) })) : undefined;
    const placeholder = text(arg.placeholder);
    return {
      name: String(arg.name),
      type,
      title: text(arg.title) ?? (arg.type === 'device' ? 'Device' : String(arg.name)),
      ...(arg.required === false ? { required: false } : {}),
      ...(typeof arg.min === 'number' ? { min: arg.min } : {}),
      ...(typeof arg.max === 'number' ? { max: arg.max } : {}),
      ...(typeof arg.step === 'number' ? { step: arg.step } : {}),
      ...(values ? { values } : {}),
      ...(placeholder ? { placeholder } : {}),
    };
  });
  const tokens = Array.isArray(card.tokens)
    ? (card.tokens as Array<Record<string, unknown>>).map((token): TokenSpec => ({
      id: String(token.name ?? token.id),
      title: text(token.title) ?? String(token.name ?? token.id),
      type: token.type === 'number' || token.type === 'boolean' ? token.type : 'string',
      ...(token.example !== undefined && typeof token.example !== 'object' ? { example: token.example as TokenSpec['example'] } : {}),
    }))
    : undefined;
  const titleFormatted = text(card.titleFormatted);
  const filter = typeof device?.filter === 'string' ? /(?:^|&)driver_id=([^&|]+)/.exec(device.filter)?.[1] : undefined;
  return {
    id: String(card.id),
    title: text(card.title) ?? String(card.id),
    ...(titleFormatted ? { titleFormatted } : {}),
    args,
    ...(tokens ? { tokens } : {}),
    ...(device ? { deviceArg: { name: String(device.name), driverId: filter } } : {}),
  };
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
