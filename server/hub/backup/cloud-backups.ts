import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { components } from '../../../generated/cloud/backup.js';
import { listenersPer } from '../../http/listeners.js';
import type { Hub } from '../context.js';
import { HUB_MODEL } from '../system/info.js';
import { ownerOf } from '../users/users.js';
import { onBackupFinished, type FinishedBackup } from './backups.js';

type CloudBackup = components['schemas']['Backup'];
type CreatedBackup = components['schemas']['CreatedBackup'];

/** What became of a finished backup's upload: the cloud backup, or why there is none. */
export type CloudUpload = { backup: CloudBackup; error?: undefined } | { backup?: undefined; error: string };

const LAST_UPLOAD = 'backup.cloud.lastUpload';
const uploads = listenersPer<Hub, CloudUpload>('cloud backup uploads');

/** Tells `listener` of each finished backup's upload to the cloud as it ends. */
export const onCloudUpload = (hub: Hub, listener: (upload: CloudUpload) => void) => uploads(hub).add(listener);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** One call of the backup service: its JSON answer, or an error naming the step and the service's reason. */
async function call<T>(url: string, init: RequestInit, step: string): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const reason = (body as { error_description?: unknown } | undefined)?.error_description;
    throw new Error(`${step}: the backup service answered ${response.status}${typeof reason === 'string' ? ` (${reason})` : ''}`);
  }
  return body as T;
}

/**
 * Uploads a finished backup for the hub's owner: createBackup, the bytes to the path it answers, then
 * setBackupComplete with their size and SHA-256, which the service checks against what it received.
 */
async function upload(hub: Hub, finished: FinishedBackup, base: string, secret: string, userId: string): Promise<CloudBackup> {
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
export function startCloudBackups(hub: Hub): () => void {
  return onBackupFinished(hub, (finished) => {
    const { backupUrl, hubSecret } = hub.config;
    const userId = ownerOf(hub)?.athomId;
    if (!backupUrl || !hubSecret || !userId) return;
    upload(hub, finished, backupUrl.replace(/\/+$/, ''), hubSecret, userId).then(
      (backup) => tell(hub, { backup }),
      (error: Error) => tell(hub, { error: error.message }),
    );
  });
}

function tell(hub: Hub, outcome: CloudUpload): void {
  hub.settings.set(LAST_UPLOAD, outcome.backup ? { backupId: outcome.backup._id, at: outcome.backup.completedAt, error: null } : { backupId: null, at: null, error: outcome.error });
  uploads(hub).tell(outcome);
}

/**
 * Restores a new (or reset) hub from one of its owner's cloud backups before it starts: the backup's bytes,
 * checked against the hash the service recorded, become the hub's database in `dataDir` (which must have none).
 */
export async function restoreCloudBackup(options: { backupUrl: string; hubSecret: string; userId: string; backupId: string; dataDir: string }): Promise<CloudBackup> {
  const base = `${options.backupUrl.replace(/\/+$/, '')}/user/${options.userId}/backup/${options.backupId}`;
  const query = `?secret=${encodeURIComponent(options.hubSecret)}`;
  const backup = await call<CloudBackup>(`${base}${query}`, {}, 'getBackup');
  if (backup.state !== 'complete') throw new Error('getBackup: the backup is not complete');
  const response = await fetch(`${base}/download${query}`, { signal: AbortSignal.timeout(300_000) });
  if (!response.ok) throw new Error(`downloadBackup: the backup service answered ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length !== backup.size || sha256(bytes) !== backup.hash) throw new Error('downloadBackup: the bytes are not the backup the service recorded');
  writeFileSync(path.join(options.dataDir, 'hub.sqlite'), bytes, { flag: 'wx' });
  return backup;
}
