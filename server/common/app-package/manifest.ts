import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { badRequest } from '../../http/errors.js';
import type { components as devices } from '../../../generated/hub/devices.js';
import { isSettingName } from './setting-names.js';

type DeviceClass = devices['schemas']['DeviceClass'];

/** A capability's options as a driver declares them; `setable: false` makes it read-only. */
export type DriverCapabilityOptions = devices['schemas']['DeviceCapabilityOptions'] & { setable?: boolean };

export type TokenValue = string | number | boolean | null;

/** A value a trigger or action hands to the cards after it (`[[id]]` in later cards' text args). */
export interface TokenSpec {
  id: string;
  title: string;
  type: 'string' | 'number' | 'boolean';
  example?: TokenValue;
}

/** One argument a card takes, as the flow editor shows it. */
export interface ArgSpec {
  name: string;
  type: 'text' | 'number' | 'checkbox' | 'dropdown' | 'autocomplete' | 'time' | 'date' | 'range' | 'color';
  title: string;
  required?: boolean;
  min?: number;
  max?: number;
  step?: number;
  values?: Array<{ id: string; title: string }>;
  placeholder?: string;
}

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
  /** Device settings as app.json declares them (app-drivers.ts reads them). */
  settings?: unknown;
  /** Its pairing, repairing and unpairing views as app.json declares them (app-drivers.ts reads them). */
  pair?: unknown;
  repair?: unknown;
  unpair?: unknown;
  /** The hardware its devices are on the radios, as app.json declares it (sdk-bridge/nodes.ts finds their nodes by it). */
  zigbee?: Record<string, unknown>;
  zwave?: Record<string, unknown>;
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
const LOCAL_ID = /^[A-Za-z0-9_-]{1,100}$/;

const ROUTE_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
const ROUTE_PATH = /^(\/(:?[A-Za-z0-9_.-]+))*\/?$/;
const SCOPE = /^homey(\.[a-z]+(-[a-z]+)*)*$/;
/** Every route of the app's API needs this scope unless it names its own or is public. */
export const DEFAULT_ROUTE_SCOPE = 'homey.app';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Array<Record<string, unknown>> => (Array.isArray(value) ? value.filter(isObject) : []);

/**
 * The hub's reading of an app.json that homey-lib accepted (validateApp): texts in English, flow cards, drivers and
 * routes as the hub has them. What homey-lib leaves to the platform is checked here, a 400 naming it: SDK v3 (the
 * only SDK this hub runs), the `api` routes (homey-lib has no schema for them) and setting ids the hub can keep.
 */
export function checkManifest(value: unknown): Manifest {
  if (!isObject(value) || typeof value.id !== 'string') throw badRequest('app.json must be a JSON object with an id');
  const fail = (what: string) => badRequest(`app.json: ${what}`);
  if (value.sdk !== 3) throw fail(`sdk ${String(value.sdk)}: this hub runs SDK v3 apps (sdk: 3)`);
  const author = isObject(value.author) ? value.author : {};
  const flow = isObject(value.flow) ? value.flow : {};
  const cards = (kind: string) => list(flow[kind]).map(manifestCard);
  const settings = list(value.settings).map((setting) => ({ id: String(setting.id), type: String(setting.type), default: setting.value }));
  for (const { id } of settings) if (!isSettingName(id)) throw fail(`setting ${id}: an id other than __proto__, constructor and prototype`);
  return {
    id: value.id,
    version: String(value.version),
    sdk: 3,
    name: text(value.name) ?? value.id,
    brandColor: typeof value.brandColor === 'string' && /^#[0-9a-fA-F]{6}$/.test(value.brandColor) ? value.brandColor : '#888888',
    icon: typeof value.icon === 'string' ? value.icon : '/assets/icon.svg',
    author: { name: String(author.name ?? ''), email: typeof author.email === 'string' ? author.email : null },
    permissions: Array.isArray(value.permissions) ? value.permissions.filter((p): p is string => typeof p === 'string') : [],
    compatibility: typeof value.compatibility === 'string' ? value.compatibility : '>=12.0.0',
    settings,
    locales: {},
    flow: { triggers: cards('triggers'), conditions: cards('conditions'), actions: cards('actions') },
    drivers: list(value.drivers).map(manifestDriver),
    capabilities: isObject(value.capabilities) ? (value.capabilities as Manifest['capabilities']) : {},
    api: checkRoutes(value.api, fail),
  };
}

/** A driver of app.json: its name in English, its capabilities' numeric options (`capabilitiesOptions`). */
function manifestDriver(driver: Record<string, unknown>): ManifestDriver {
  const declared = isObject(driver.capabilitiesOptions) ? driver.capabilitiesOptions : {};
  const options = Object.fromEntries(Object.entries(declared).filter(([, option]) => isObject(option)).map(([id, option]) => {
    const fields = option as Record<string, unknown>;
    const numeric = Object.entries({ min: fields.min, max: fields.max, step: fields.step, decimals: fields.decimals }).filter(([, n]) => typeof n === 'number');
    const title = text(fields.title);
    const units = text(fields.units);
    return [id, { ...Object.fromEntries(numeric), ...(title ? { title } : {}), ...(units ? { units } : {}), ...(typeof fields.setable === 'boolean' ? { setable: fields.setable } : {}) }];
  }));
  return {
    id: String(driver.id),
    name: text(driver.name) ?? String(driver.id),
    class: driver.class as DeviceClass,
    ...(Array.isArray(driver.connectivity) ? { connectivity: driver.connectivity as string[] } : {}),
    capabilities: Array.isArray(driver.capabilities) ? (driver.capabilities as string[]) : [],
    options,
    settings: driver.settings,
    pair: driver.pair,
    repair: driver.repair,
    unpair: driver.unpair,
    ...(isObject(driver.zigbee) ? { zigbee: driver.zigbee } : {}),
    ...(isObject(driver.zwave) ? { zwave: driver.zwave } : {}),
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

/** How strictly homey-lib checks an app: `debug` for what a hub runs, `publish` for what the app store publishes. */
export type ValidationLevel = 'debug' | 'publish';

/** The longest part of homey-lib's refusal an error carries (it lists every schema branch it tried). */
const REFUSAL_CHARS = 2_000;

/**
 * Validates the app package unpacked in `dir` with homey-lib (Athom's own validator, as `homey app validate`
 * runs it) at `level`, then reads it as the hub does (checkManifest); a 400 naming what is refused. The hub also
 * needs app.js, the entry point its worker loads. What homey-lib only warns of goes to the console, as in Athom's CLI.
 */
export async function validateApp(dir: string, level: ValidationLevel): Promise<Manifest> {
  if (!existsSync(join(dir, 'app.json'))) throw badRequest('An app package holds app.json');
  if (!existsSync(join(dir, 'app.js'))) throw badRequest('An app package holds app.js, the app\'s entry point');
  // Loaded when an app is validated: a hub that is never sent one need not hold homey-lib's schemas.
  const { default: HomeyLib } = await import('homey-lib');
  try {
    await new HomeyLib.App(dir).validate({ level });
  } catch (error) {
    // Its messages name files by their path on this machine: the package's own path is what the developer knows.
    const message = (error as Error).message.replaceAll(dir, '').trim();
    throw badRequest(`The app is not valid (homey-lib, ${level} level): ${message.slice(0, REFUSAL_CHARS)}`);
  }
  return readManifest(dir);
}

/** Reads the app.json of a package homey-lib validated when it came (an installed app's, the hub's catalogue's). */
export function readManifest(dir: string): Manifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(dir, 'app.json'), 'utf-8'));
  } catch (error) {
    throw badRequest(`app.json cannot be read: ${(error as Error).message}`);
  }
  return { ...checkManifest(parsed), locales: readLocales(dir) };
}

/** The app's texts per language, from its `locales/<language>.json` files (homey-lib checked they are JSON). */
function readLocales(dir: string): Manifest['locales'] {
  const folder = join(dir, 'locales');
  if (!existsSync(folder)) return {};
  const files = readdirSync(folder).filter((file) => file.endsWith('.json')).sort();
  return Object.fromEntries(files.map((file) => [file.slice(0, -'.json'.length), JSON.parse(readFileSync(join(folder, file), 'utf-8')) as Record<string, string>]));
}
