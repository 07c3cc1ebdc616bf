import { randomBytes } from 'node:crypto';
import type { components } from '../../../generated/cloud/backup.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { BackupDb, BackupRow } from './db.js';

type Backup = components['schemas']['Backup'];
type CreatedBackup = components['schemas']['CreatedBackup'];
type BackupCreate = components['schemas']['BackupCreate'];
type BackupComplete = components['schemas']['BackupComplete'];

/** How many backups (complete or uploading) one user may keep. */
export const MAX_BACKUPS_PER_USER = 50;
/** The bytes one user's backups may take together, unless the service is configured otherwise. */
export const DEFAULT_QUOTA_BYTES = 5 * 1024 ** 3;
/** A backup still uploading after this long was abandoned: it is dropped when its user next creates one. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
const MAX_META_BYTES = 16 * 1024;

/** 128 random bits as 22 base64url characters. */
const newId = () => randomBytes(16).toString('base64url');
/** PostgreSQL answers bigint columns as text. */
const bytes = (value: number | string | null) => (value === null ? null : Number(value));

export function backupView(row: BackupRow): Backup {
  return {
    _id: row.id,
    userId: row.user_id,
    homeyId: row.homey_id,
    homeyName: row.homey_name,
    homeyPlatform: row.homey_platform,
    homeyPlatformVersion: Number(row.homey_platform_version),
    homeyModel: row.homey_model,
    version: row.version,
    channel: row.channel,
    state: row.state,
    size: bytes(row.size),
    hash: row.hash,
    meta: JSON.parse(row.meta) as Backup['meta'],
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

/** The user's complete backups, newest first: an uploading one is never offered to restore from. */
export async function completeBackups(db: BackupDb, userId: string): Promise<Backup[]> {
  const rows = await db.selectFrom('backups').selectAll().where('user_id', '=', userId).where('state', '=', 'complete').orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(backupView);
}

export async function requireBackup(db: BackupDb, userId: string, backupId: string, homeyId?: string): Promise<BackupRow> {
  let query = db.selectFrom('backups').selectAll().where('id', '=', backupId).where('user_id', '=', userId);
  if (homeyId) query = query.where('homey_id', '=', homeyId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Backup');
  return row;
}

/** What is left of the user's quota for the backup `backupId`: the bytes of all their other backups subtracted. */
export async function roomFor(db: BackupDb, userId: string, backupId: string, quotaBytes: number): Promise<number> {
  const rows = await db.selectFrom('backups').select(['size', 'uploaded_size']).where('user_id', '=', userId).where('id', '!=', backupId).execute();
  const used = rows.reduce((sum, row) => sum + (bytes(row.size) ?? bytes(row.uploaded_size) ?? 0), 0);
  return Math.max(0, quotaBytes - used);
}

/** The path, under the service, that the backup's bytes are PUT to. */
export const uploadPathOf = (row: Pick<BackupRow, 'user_id' | 'homey_id' | 'id'>) => `/user/${row.user_id}/homey/${row.homey_id}/backup/${row.id}/upload`;

export async function createBackup(
  db: BackupDb,
  target: { userId: string; homeyId: string; quotaBytes: number; now: number },
  input: BackupCreate,
  dropFiles: (ids: string[]) => void,
): Promise<CreatedBackup> {
  const { userId, homeyId, quotaBytes, now } = target;
  const abandoned = await db
    .deleteFrom('backups')
    .where('user_id', '=', userId)
    .where('state', '=', 'uploading')
    .where('created_at', '<', new Date(now - ABANDONED_AFTER_MS).toISOString())
    .returning('id')
    .execute();
  dropFiles(abandoned.map(({ id }) => id));
  const { count } = await db.selectFrom('backups').select(({ fn }) => fn.countAll<number>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (Number(count) >= MAX_BACKUPS_PER_USER) throw conflict(`You keep ${MAX_BACKUPS_PER_USER} backups, the most one account may keep: delete one first`);
  const row: BackupRow = {
    id: newId(),
    user_id: userId,
    homey_id: homeyId,
    homey_name: input.homeyName,
    homey_platform: input.homeyPlatform,
    homey_platform_version: input.homeyPlatformVersion,
    homey_model: input.homeyModel,
    version: input.version,
    channel: input.channel,
    state: 'uploading',
    size: null,
    hash: null,
    uploaded_size: null,
    uploaded_hash: null,
    meta: '{}',
    created_at: new Date(now).toISOString(),
    completed_at: null,
  };
  await db.insertInto('backups').values(row).execute();
  return { ...backupView(row), uploadPath: uploadPathOf(row), maxSize: await roomFor(db, userId, row.id, quotaBytes) };
}

/** Records what an upload delivered; the backup stays uploading until the hub completes it. */
export async function recordUpload(db: BackupDb, backupId: string, size: number, hash: string): Promise<void> {
  await db.updateTable('backups').set({ uploaded_size: size, uploaded_hash: hash }).where('id', '=', backupId).where('state', '=', 'uploading').execute();
}

/** Completes a backup whose uploaded bytes are what the hub states; a repeat with the same statement is answered as is. */
export async function completeBackup(db: BackupDb, row: BackupRow, stated: BackupComplete, now: number): Promise<Backup> {
  if (row.state === 'complete') {
    if (bytes(row.size) === stated.size && row.hash === stated.hash) return backupView(row);
    throw conflict('The backup is complete already, with another size or hash');
  }
  if (row.uploaded_size === null) throw conflict('Nothing was uploaded for this backup: upload its bytes first');
  if (bytes(row.uploaded_size) !== stated.size) throw conflict(`The upload has ${bytes(row.uploaded_size)} bytes, not ${stated.size}: upload the backup again`);
  if (row.uploaded_hash !== stated.hash) throw conflict('The upload does not have the stated SHA-256: upload the backup again');
  const meta = JSON.stringify(stated.meta ?? {});
  if (Buffer.byteLength(meta) > MAX_META_BYTES) throw badRequest(`meta is larger than ${MAX_META_BYTES} bytes of JSON`);
  const values = { state: 'complete' as const, size: stated.size, hash: stated.hash, meta, completed_at: new Date(now).toISOString() };
  await db.updateTable('backups').set(values).where('id', '=', row.id).execute();
  return backupView({ ...row, ...values });
}

/** Deletes backups' records; the caller drops their files. Answers the ids deleted. */
export async function deleteBackups(db: BackupDb, userId: string, backupId?: string): Promise<string[]> {
  let query = db.deleteFrom('backups').where('user_id', '=', userId);
  if (backupId) query = query.where('id', '=', backupId);
  return (await query.returning('id').execute()).map(({ id }) => id);
}
