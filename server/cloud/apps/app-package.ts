import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unpackArchive } from '../../common/app-package/unpack.js';
import { badRequest } from '../../http/errors.js';
import { validateApp } from '../../common/app-package/manifest.js';
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

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown) => (typeof value === 'string' && value.length > 0) || (isObject(value) && typeof value.en === 'string');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const iconPath = (manifest: Json) => (typeof manifest.icon === 'string' ? manifest.icon : '/assets/icon.svg').replace(/^\/+/, '');

/**
 * Checks that a stored package is an app a hub runs, as the store publishes it: unpacked (with the hub's reader and
 * its limits) into a folder of its own, validated by homey-lib at `publish` level (what Athom's store runs: the
 * schema, capabilities and classes, images of the right sizes, locales, icon) and read by the hub (SDK v3, app.js,
 * its routes), its id the app's and its version the build's, plus what the store itself reads: a compatibility
 * range it understands, unique driver ids, Z-Wave ids and 433 MHz signals. A 400 naming the first thing wrong.
 */
export async function checkPackage(file: string, build: { appId: string; version: string }): Promise<CheckedPackage> {
  const dir = mkdtempSync(join(tmpdir(), 'app-review-'));
  try {
    await unpackArchive(createReadStream(file), dir, statSync(file).size);
    const checked = await validateApp(dir, 'publish');
    const manifest = JSON.parse(readFileSync(join(dir, 'app.json'), 'utf-8')) as Json;
    if (checked.id !== build.appId) throw badRequest(`app.json: id ${checked.id} is not this app's id ${build.appId}`);
    if (checked.version !== build.version) throw badRequest(`app.json: version ${checked.version} is not this build's version ${build.version}`);
    checkStoreFields(manifest);
    const icon = join(dir, iconPath(manifest));
    return { manifest, icon: existsSync(icon) ? `data:image/svg+xml;base64,${readFileSync(icon).toString('base64')}` : null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What the store reads beyond homey-lib's checks. */
function checkStoreFields(manifest: Json): void {
  const fail = (what: string) => badRequest(`app.json: ${what}`);
  if (manifest.compatibility !== undefined && (typeof manifest.compatibility !== 'string' || !parseRange(manifest.compatibility))) throw fail('compatibility must be a range of hub versions such as >=12.0.0');
  const ids = new Set<string>();
  for (const driver of list(manifest.drivers) as Json[]) {
    if (ids.has(String(driver.id))) throw fail(`two drivers have the id ${String(driver.id)}`);
    ids.add(String(driver.id));
    checkHardware(driver, fail);
  }
}

const numbers = (value: unknown) => (Array.isArray(value) ? value : [value]).every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 65535);

function checkHardware(driver: Json, fail: (what: string) => Error): void {
  const id = String(driver.id);
  const { zwave, rf433 } = driver;
  if (zwave !== undefined && !(isObject(zwave) && numbers(zwave.manufacturerId) && numbers(zwave.productTypeId) && numbers(zwave.productId))) {
    throw fail(`driver ${id}: zwave needs manufacturerId, productTypeId and productId (0 to 65535)`);
  }
  if (rf433 !== undefined && !(isObject(rf433) && Array.isArray(rf433.signal) && rf433.signal.length >= 2 && rf433.signal.every((n) => Number.isInteger(n) && n > 0))) {
    throw fail(`driver ${id}: rf433 needs a signal of pulse lengths (µs)`);
  }
}

/** The automatic review of a checked package: what a reviewer would look at first. */
export function agentFindings(manifest: Json, icon: string | null, size: number): Finding[] {
  const findings: Finding[] = [];
  if (!icon) findings.push({ level: 'warning', code: 'icon', message: 'The package has no SVG icon: the store shows initials.' });
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
