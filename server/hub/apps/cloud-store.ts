import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { components } from '../../../generated/cloud/apps.js';
import { ApiError } from '../../http/errors.js';
import { fetchCloudJson } from '../cloud/cloud-fetch.js';
import type { AppStoreLink, HubCore } from '../core/context.js';
import { unpackArchive } from '../../common/app-package/unpack.js';
import { HUB_MODEL } from '../system/info.js';
import { validateApp } from '../../common/app-package/manifest.js';
import type { Channel, Release } from '../../common/app-package/store-catalogue.js';

type AppInstall = components['schemas']['AppInstall'];

/** How long a package download may take. */
const DOWNLOAD_TIMEOUT_MS = 60_000;

const badGateway = (message: string) => new ApiError(502, 'bad_gateway', message);

/**
 * The build the cloud store offers an app's hub on a channel (or one version): undefined when no store is set or
 * it cannot be reached or answers wrongly (the hub then keeps to its shipped catalogue); the store's 404 when it
 * has no such build.
 */
export async function cloudInstall(hub: HubCore, id: string, channel: Channel, version?: string): Promise<AppInstall | undefined> {
  const link = hub.config.appStore;
  if (!link) return undefined;
  const query = new URLSearchParams({ channel, secret: link.secret, ...(version ? { version } : {}) });
  try {
    return (await fetchCloudJson(`${link.url}/app/${encodeURIComponent(id)}/install?${query}`, 'app store')) as AppInstall;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) throw error;
    return undefined;
  }
}

/**
 * Downloads the build's package, checks it is the one the store described (size, SHA-256) and the app and
 * version asked for, and unpacks it into a fresh folder under the hub's data; `done()` removes that folder
 * (asynchronously, as it may hold thousands of files).
 */
export async function downloadRelease(hub: HubCore, id: string, install: AppInstall): Promise<Release & { done(): Promise<void> }> {
  let bytes: Buffer;
  try {
    const response = await fetch(install.url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    if (!response.ok) throw badGateway(`The app store answered ${response.status} for the package of ${id} ${install.version}`);
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(503, 'service_unavailable', `The app store cannot be reached: ${(error as Error).message}`);
  }
  if (bytes.length !== install.size || createHash('sha256').update(bytes).digest('hex') !== install.hash) {
    throw badGateway(`The package of ${id} ${install.version} is not the one the app store described`);
  }
  const downloads = join(hub.config.dataDir, 'downloads');
  await mkdir(downloads, { recursive: true });
  const dir = await mkdtemp(join(downloads, `${id}-`));
  const done = () => rm(dir, { recursive: true, force: true });
  try {
    await unpackArchive(bytes, dir);
    const manifest = await validateApp(dir, 'debug');
    if (manifest.id !== id || manifest.version !== install.version) throw badGateway(`The app store's package of ${id} ${install.version} holds ${manifest.id} ${manifest.version}`);
    return { version: install.version, channel: install.channel, dir, manifest, done };
  } catch (error) {
    await done();
    throw error instanceof ApiError && error.statusCode < 500 ? badGateway(`The app store's package of ${id}: ${error.message}`) : error;
  }
}

async function post(link: AppStoreLink, path: string, body: unknown, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(`${link.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`The app store answered ${response.status}`);
}

/**
 * Tells the store that a store app crashed here (createCrash, as the hub's owner). Best effort: a crash report
 * that cannot be sent is not worth failing anything for; the app's crash log stays on the hub.
 */
export async function reportCrashToStore(hub: HubCore, id: string, appVersion: string, stack: string): Promise<boolean> {
  const link = hub.config.appStore;
  const token = await link?.ownerToken?.().catch(() => undefined);
  if (!link || !token) return false;
  const crash = { appVersion, homeyId: hub.id, homeyVersion: hub.version, homeyModelId: HUB_MODEL.id, homeyModelName: HUB_MODEL.name, stack: stack.slice(0, 20_000) };
  return post(link, `/app/${encodeURIComponent(id)}/crash`, crash, { Authorization: `Bearer ${token}` }).then(
    () => true,
    () => false,
  );
}

/** Tells the store how an app is used here (reportAppUsage): its devices per driver, its flow cards' runs since the last report. */
export async function reportUsageToStore(hub: HubCore, id: string, drivers: Record<string, number>, flowCards: Record<string, number>): Promise<boolean> {
  const link = hub.config.appStore;
  if (!link) return false;
  const query = new URLSearchParams({ secret: link.secret });
  return post(link, `/app/${encodeURIComponent(id)}/usage?${query}`, { homeyId: hub.id, drivers, flowCards }).then(
    () => true,
    () => false,
  );
}
