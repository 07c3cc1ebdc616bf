import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { APP_ID, readManifest, type Manifest } from './manifest.js';
import type { components } from '../../../generated/hub/apps.js';

export type Channel = components['schemas']['App']['channel'];

/**
 * Where the app store's packages are until the cloud apps service is reachable: the catalogue shipped with the hub,
 * `<appId>/<version>/` (app.json, app.js) per release and `<appId>/releases.json` naming each version's channel.
 */
export const CATALOGUE_DIR = resolve('server/common/app-catalogue');

/** Whether version a (major.minor.patch) is newer than b. */
export function isNewer(a: string, b: string): boolean {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return x![i]! > y![i]!;
  return false;
}

/** From most to least stable: a channel offers its own releases and those of every channel before it. */
const CHANNELS: readonly Channel[] = ['stable', 'beta', 'alpha'];

export interface Release {
  version: string;
  channel: Channel;
  dir: string;
  manifest: Manifest;
}

/** Every release of an app in the store, by version; none for an unknown or malformed id. */
function releases(id: string): Array<Omit<Release, 'manifest'>> {
  if (!APP_ID.test(id)) return [];
  const file = join(CATALOGUE_DIR, id, 'releases.json');
  if (!existsSync(file)) return [];
  const published = JSON.parse(readFileSync(file, 'utf-8')) as Record<string, Channel>;
  return Object.entries(published).map(([version, channel]) => ({ version, channel, dir: join(CATALOGUE_DIR, id, version) }));
}

export const isStoreApp = (id: string): boolean => releases(id).length > 0;

/** Whether `channel` offers a release published on `published` (beta offers stable releases too). */
export const offers = (channel: Channel, published: Channel): boolean => CHANNELS.indexOf(published) <= CHANNELS.indexOf(channel);

/** The newest release of an app that a channel offers, or one version of it when that channel offers it. */
export function storeRelease(id: string, channel: Channel, version?: string): Release | undefined {
  const offered = releases(id).filter((release) => offers(channel, release.channel) && (version === undefined || release.version === version));
  const newest = offered.reduce<(typeof offered)[number] | undefined>((best, release) => (!best || isNewer(release.version, best.version) ? release : best), undefined);
  return newest && { ...newest, manifest: readManifest(newest.dir) };
}

/** The channel a version was published on, if the store has it. */
export const releaseChannel = (id: string, version: string): Channel | undefined => releases(id).find((release) => release.version === version)?.channel;
