import { createReadStream, statSync } from 'node:fs';
import { readAppPackage } from '../../common/app-package/read.js';
import { badRequest } from '../../http/errors.js';
import { checkManifest } from '../../hub/apps/manifest.js';
import { parseRange } from './compatibility.js';

type Json = Record<string, unknown>;

export interface Finding {
  level: 'info' | 'warning' | 'error';
  code: string;
  message: string;
}

export interface CheckedPackage {
  /** The app.json as the package has it. */
  manifest: Json;
  /** The icon (SVG) as a data URL, or null when the package has none. */
  icon: string | null;
}

/** The most of one file (app.json, an SVG) the store keeps in memory to read. */
const KEPT_BYTES = 1024 * 1024;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown) => (typeof value === 'string' && value.length > 0) || (isObject(value) && typeof value.en === 'string');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const iconPath = (manifest: Json) => (typeof manifest.icon === 'string' ? manifest.icon : '/assets/icon.svg').replace(/^\/+/, '');

/**
 * Checks that a stored package is a real app of this build: app.json (the hub's own checks: id, version, sdk 1 to
 * 3, drivers and flow cards with ids, settings, routes), its id the app's and its version the build's, app.js
 * present, and what the store reads well formed: names, compatibility, platforms, hardware ids of drivers,
 * discovery strategies. A 400 naming the first thing wrong.
 */
export async function checkPackage(file: string, build: { appId: string; version: string }): Promise<CheckedPackage> {
  // app.json and the app's own SVGs (its icon among them) in one pass, with the hub's reader and its limits.
  const kept = new Map<string, Buffer>();
  const names = await readAppPackage(createReadStream(file), statSync(file).size, {
    wants: (name, size) => size <= KEPT_BYTES && (name === 'app.json' || /^assets\/[^/]+\.svg$/.test(name)),
    file: (name, content) => kept.set(name, content),
  });
  const appJson = kept.get('app.json');
  if (appJson === undefined) throw badRequest('The package holds no app.json');
  let manifest: unknown;
  try {
    manifest = JSON.parse(appJson.toString('utf8'));
  } catch (error) {
    throw badRequest(`app.json is not valid JSON: ${(error as Error).message}`);
  }
  const checked = checkManifest(manifest);
  const json = manifest as Json;
  if (checked.id !== build.appId) throw badRequest(`app.json: id ${checked.id} is not this app's id ${build.appId}`);
  if (checked.version !== build.version) throw badRequest(`app.json: version ${checked.version} is not this build's version ${build.version}`);
  if (!names.has('app.js')) throw badRequest('The package holds no app.js');
  checkStoreFields(json);
  const svg = kept.get(iconPath(json));
  return { manifest: json, icon: svg ? `data:image/svg+xml;base64,${svg.toString('base64')}` : null };
}

function checkStoreFields(manifest: Json): void {
  const fail = (what: string) => badRequest(`app.json: ${what}`);
  if (!isText(manifest.name)) throw fail('name must be a text or an object of texts with en');
  if (manifest.description !== undefined && !isText(manifest.description)) throw fail('description must be a text or an object of texts with en');
  if (manifest.compatibility !== undefined && (typeof manifest.compatibility !== 'string' || !parseRange(manifest.compatibility))) throw fail('compatibility must be a range of hub versions such as >=12.0.0');
  if (manifest.platforms !== undefined && !(Array.isArray(manifest.platforms) && manifest.platforms.length && manifest.platforms.every((p) => p === 'local' || p === 'cloud'))) throw fail('platforms must list local and/or cloud');
  const ids = new Set<string>();
  for (const driver of list(manifest.drivers) as Json[]) {
    if (ids.has(String(driver.id))) throw fail(`two drivers have the id ${String(driver.id)}`);
    ids.add(String(driver.id));
    if (!isText(driver.name)) throw fail(`driver ${String(driver.id)} needs a name`);
    if (typeof driver.class !== 'string') throw fail(`driver ${String(driver.id)} needs a class`);
    checkHardware(driver, fail);
  }
  const flow = isObject(manifest.flow) ? manifest.flow : {};
  for (const kind of ['triggers', 'conditions', 'actions']) {
    const seen = new Set<string>();
    for (const card of list(flow[kind]) as Json[]) {
      if (seen.has(String(card.id))) throw fail(`two flow ${kind} have the id ${String(card.id)}`);
      seen.add(String(card.id));
      if (!isText(card.title)) throw fail(`flow card ${String(card.id)} needs a title`);
      if (card.args !== undefined && !(Array.isArray(card.args) && card.args.every((arg) => isObject(arg) && typeof arg.name === 'string' && typeof arg.type === 'string'))) {
        throw fail(`flow card ${String(card.id)}: every argument needs a name and a type`);
      }
    }
  }
  if (manifest.discovery !== undefined) {
    if (!isObject(manifest.discovery)) throw fail('discovery must be an object of strategies by name');
    for (const [name, strategy] of Object.entries(manifest.discovery)) {
      if (!isObject(strategy) || !['mdns-sd', 'ssdp', 'mac'].includes(String(strategy.type))) throw fail(`discovery ${name} needs a type of mdns-sd, ssdp or mac`);
    }
  }
}

const numbers = (value: unknown) => (Array.isArray(value) ? value : [value]).every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 65535);
const strings = (value: unknown) => (Array.isArray(value) ? value : [value]).every((s) => typeof s === 'string' && s.length > 0);

function checkHardware(driver: Json, fail: (what: string) => Error): void {
  const id = String(driver.id);
  const { zigbee, zwave, matter, rf433 } = driver;
  if (zigbee !== undefined && !(isObject(zigbee) && strings(zigbee.manufacturerName) && strings(zigbee.productId))) throw fail(`driver ${id}: zigbee needs manufacturerName and productId`);
  if (zwave !== undefined && !(isObject(zwave) && numbers(zwave.manufacturerId) && numbers(zwave.productTypeId) && numbers(zwave.productId))) {
    throw fail(`driver ${id}: zwave needs manufacturerId, productTypeId and productId (0 to 65535)`);
  }
  if (matter !== undefined && !(isObject(matter) && numbers(matter.vendorId) && numbers(matter.productId))) throw fail(`driver ${id}: matter needs vendorId and productId (0 to 65535)`);
  if (rf433 !== undefined && !(isObject(rf433) && Array.isArray(rf433.signal) && rf433.signal.length >= 2 && rf433.signal.every((n) => Number.isInteger(n) && n > 0))) {
    throw fail(`driver ${id}: rf433 needs a signal of pulse lengths (µs)`);
  }
}

/** The automatic review of a checked package: what a reviewer would look at first. */
export function agentFindings(manifest: Json, icon: string | null, size: number): Finding[] {
  const findings: Finding[] = [];
  if (!icon) findings.push({ level: 'warning', code: 'icon', message: 'The package has no SVG icon: the store shows initials.' });
  if (manifest.sdk !== 3) findings.push({ level: 'warning', code: 'sdk', message: `SDK ${String(manifest.sdk)} apps do not run on platform version 2.` });
  if (!isText(manifest.description)) findings.push({ level: 'warning', code: 'description', message: 'app.json has no description for the store.' });
  if (size > 10 * 1024 * 1024) findings.push({ level: 'warning', code: 'size', message: `The package is ${Math.round(size / 1024 / 1024)} MB: hubs download it on every update.` });
  for (const permission of list(manifest.permissions)) {
    findings.push({ level: 'info', code: 'permission', message: `Asks for the permission ${String(permission)}.` });
  }
  for (const driver of list(manifest.drivers) as Json[]) {
    if (!Array.isArray(driver.connectivity) || driver.connectivity.length === 0) findings.push({ level: 'info', code: 'connectivity', message: `Driver ${String(driver.id)} does not say how it connects.` });
  }
  return findings;
}

export const verdictOf = (findings: readonly Finding[]): 'pass' | 'warn' | 'fail' =>
  findings.some((f) => f.level === 'error') ? 'fail' : findings.some((f) => f.level === 'warning') ? 'warn' : 'pass';
