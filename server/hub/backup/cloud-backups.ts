import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { components } from '../../../generated/cloud/backup.js';
import { ApiError, conflict, forbidden, notFound } from '../../http/errors.js';
import { Listeners } from '../../http/listeners.js';
import { log } from '../../http/log.js';
import type { Hub, HubContext, HubCore } from '../core/context.js';
import type { HubService } from '../core/service.js';
import { HUB_MODEL } from '../system/info.js';
import { ownerOf } from '../users/users.js';
import { onBackupFinished, type FinishedBackup } from './backups.js';
import { requireHubDatabase, restoreData } from './restore.js';

type CloudBackup = components['schemas']['Backup'];
type CreatedBackup = components['schemas']['CreatedBackup'];

/** What became of a finished backup's upload (or of a restore): the cloud backup, or why there is none. */
export type CloudUpload = { backup: CloudBackup; error?: undefined } | { backup?: undefined; error: string };

const LAST_UPLOAD = 'backup.cloud.lastUpload';
/** What uploads read of the hub: the core and the update channel the backup was made on. */
type UploadingHub = HubCore & Pick<Hub, 'updates'>;

/** What became of the hub's uploads and restores of cloud backups, for in-process listeners. */
export interface CloudBackupNews {
  uploads: Listeners<CloudUpload>;
  restores: Listeners<CloudUpload>;
}

declare module '../core/context.js' {
  interface Hub {
    /** The cloud backups service's news of uploads and restores. */
    cloudBackups: CloudBackupNews;
  }
}

/** Tells `listener` of each finished backup's upload to the cloud as it ends. */
export const onCloudUpload = (hub: Pick<Hub, 'cloudBackups'>, listener: (upload: CloudUpload) => void) => hub.cloudBackups.uploads.add(listener);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The backup service's refusal of a call (`status`), or no answer at all (no status). */
class ServiceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** One call of the backup service: its JSON answer, or an error naming the step and the service's reason. */
async function call<T>(url: string, init: RequestInit, step: string): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) }).catch((error: Error) => {
    throw new ServiceError(`${step}: the backup service cannot be reached (${error.cause instanceof Error ? error.cause.message : error.message})`);
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const reason = (body as { error_description?: unknown } | undefined)?.error_description;
    throw new ServiceError(`${step}: the backup service answered ${response.status}${typeof reason === 'string' ? ` (${reason})` : ''}`, response.status);
  }
  return body as T;
}

/** The service's answer as the hub's API answers it: an unknown backup is a 404, anything else the service's fault (503). */
function asApiError(error: unknown): unknown {
  if (!(error instanceof ServiceError)) return error;
  if (error.status === 404) return notFound('Cloud backup');
  return new ApiError(503, 'service_unavailable', error.message);
}

/**
 * Uploads a finished backup for the hub's owner: createBackup, the bytes to the path it answers, then
 * setBackupComplete with their size and SHA-256, which the service checks against what it received.
 */
async function upload(hub: UploadingHub, finished: FinishedBackup, base: string, secret: string, userId: string): Promise<CloudBackup> {
  const bytes = readFileSync(finished.file);
  const query = `?secret=${encodeURIComponent(secret)}`;
  const json = { 'Content-Type': 'application/json' };
  const fields = { homeyName: hub.system.name, homeyPlatform: HUB_MODEL.platform, homeyPlatformVersion: HUB_MODEL.platformVersion, homeyModel: HUB_MODEL.id, version: hub.version, channel: hub.updates.channel };
  const created = await call<CreatedBackup>(`${base}/user/${userId}/homey/${hub.id}${query}`, { method: 'POST', headers: json, body: JSON.stringify(fields) }, 'createBackup');
  await call(`${base}${created.uploadPath}${query}`, { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body: bytes }, 'uploadBackup');
  const complete = { size: bytes.length, hash: sha256(bytes), meta: { file: path.basename(finished.file), trigger: finished.run.trigger, startedAt: finished.run.startedAt } };
  return call<CloudBackup>(`${base}/user/${userId}/homey/${hub.id}/backup/${created._id}/complete${query}`, { method: 'PUT', headers: json, body: JSON.stringify(complete) }, 'setBackupComplete');
}

/**
 * Sends each backup the hub finishes to the cloud backup service, for its owner, when the hub has the service's URL,
 * its credential and an owner signed in with a cloud account. A failed upload is recorded and told, never retried
 * blindly: the next backup goes up whole.
 */
export const cloudBackups: HubService<Pick<Hub, 'backups'>, Pick<Hub, 'cloudBackups'>, 'updates'> = {
  name: 'cloud backups',
  later: { updates: true },
  start: (hub) => {
    const news: CloudBackupNews = { uploads: new Listeners('cloud backup uploads'), restores: new Listeners('cloud backup restores') };
    const stopUploading = onBackupFinished(hub, (finished) => {
      const { backupUrl, hubSecret } = hub.config;
      const userId = ownerOf(hub)?.athomId;
      if (!backupUrl || !hubSecret || !userId) return;
      upload(hub, finished, backupUrl.replace(/\/+$/, ''), hubSecret, userId).then(
        (backup) => tell(hub, news, { backup }),
        (error: Error) => tell(hub, news, { error: error.message }),
      );
    });
    return {
      gives: { cloudBackups: news },
      stop: () => {
        stopUploading();
        news.uploads.clear();
        news.restores.clear();
      },
    };
  },
};

function tell(hub: HubCore, news: CloudBackupNews, outcome: CloudUpload): void {
  hub.settings.set(LAST_UPLOAD, outcome.backup ? { backupId: outcome.backup._id, at: outcome.backup.completedAt, error: null } : { backupId: null, at: null, error: outcome.error });
  news.uploads.tell(outcome);
}

/** The hub's way to its owner's backups: the service's URL, the hub's credential and the owner's cloud account; 409 without. */
function cloudAccess(hub: HubCore): { base: string; query: string } {
  const { backupUrl, hubSecret } = hub.config;
  if (!backupUrl || !hubSecret) throw conflict('This hub has no cloud backup service configured');
  const userId = ownerOf(hub)?.athomId;
  if (!userId) throw conflict("This hub's owner has not signed in with a cloud account");
  return { base: `${backupUrl.replace(/\/+$/, '')}/user/${encodeURIComponent(userId)}`, query: `?secret=${encodeURIComponent(hubSecret)}` };
}

/** getCloudBackups: the owner's complete cloud backups, newest first (the service's getBackups). */
export async function listCloudBackups(hub: HubCore): Promise<CloudBackup[]> {
  const { base, query } = cloudAccess(hub);
  return call<CloudBackup[]>(`${base}${query}`, {}, 'getBackups').catch((error: unknown) => Promise.reject(asApiError(error)));
}

/** The backup's bytes into `file`, checked against the size and SHA-256 the service recorded (502 when they differ). */
async function download(hub: HubCore, backupId: string, file: string): Promise<CloudBackup> {
  const { base, query } = cloudAccess(hub);
  const url = `${base}/backup/${encodeURIComponent(backupId)}`;
  const backup = await call<CloudBackup>(`${url}${query}`, {}, 'getBackup');
  const response = await fetch(`${url}/download${query}`, { signal: AbortSignal.timeout(300_000) });
  if (!response.ok) throw new ServiceError(`downloadBackup: the backup service answered ${response.status}`, response.status);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length !== backup.size || sha256(bytes) !== backup.hash) throw new ApiError(502, 'bad_gateway', 'The downloaded bytes are not the backup the service recorded');
  writeFileSync(file, bytes, { flag: 'wx' });
  return backup;
}

/** Tells `listener` of each restore from a cloud backup once its data is in place (or why it is not). */
export const onCloudRestore = (hub: Pick<Hub, 'cloudBackups'>, listener: (restore: CloudUpload) => void) => hub.cloudBackups.restores.add(listener);

/**
 * restoreCloudBackup: the owner's backup downloaded, checked and answered; then, right after the answer (whose
 * caller's session ends with the others), put in place of the hub's data (restore.ts).
 */
export async function restoreCloudBackup(hub: HubCore & Pick<Hub, 'backups' | 'cloudBackups'>, backupId: string, { session }: Pick<HubContext, 'session'>): Promise<CloudBackup> {
  const owner = ownerOf(hub);
  if (!owner || session?.user.id !== owner.id) throw forbidden("Only the hub's owner may restore it from a backup");
  if (hub.backups.state().state === 'running') throw conflict('A backup is running: restore once it has ended');
  const file = path.join(hub.config.dataDir, `restore-${randomUUID()}.sqlite`);
  let backup: CloudBackup;
  try {
    backup = await download(hub, backupId, file).catch((error: unknown) => Promise.reject(asApiError(error)));
    requireHubDatabase(file);
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  }
  setImmediate(() => {
    try {
      restoreData(hub, file);
      hub.cloudBackups.restores.tell({ backup });
    } catch (error) {
      log.error({ err: error }, 'The restore from a cloud backup failed');
      hub.cloudBackups.restores.tell({ error: (error as Error).message });
    } finally {
      rmSync(file, { force: true });
    }
  });
  return backup;
}
