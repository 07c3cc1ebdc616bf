import { createReadStream, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { isDeepStrictEqual } from 'node:util';
import type { Request } from 'express';
import { operations } from '../../../generated/cloud/apps.operations.js';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors.js';
import { receiveFile } from '../../http/receive-file.js';
import type { RawRoute } from '../../http/router.js';
import { agentFindings, checkPackage, verdictOf } from './app-package.js';
import { archivePath, requireBuild } from './builds.js';
import { isoNow, type AppsState } from './context.js';
import { recordEvent } from './stats.js';
import { archiveView, type ArchiveRow } from './views.js';
import type { components } from '../../../generated/cloud/apps.js';

type Archive = components['schemas']['Archive'];

export async function requireArchive(state: AppsState, archiveId: string): Promise<ArchiveRow> {
  const row = await state.db.selectFrom('app_archives').selectAll().where('id', '=', archiveId).executeTakeFirst();
  if (!row) throw notFound('Archive');
  return row;
}

const tooLarge = (max: number) => new ApiError(413, 'payload_too_large', `The package is larger than ${max} bytes`);

/** The signed URL's archive, checked before a byte of the body is read. */
async function signedArchive(state: AppsState, req: Request, action: 'upload' | 'download'): Promise<ArchiveRow> {
  const { expires, signature } = req.query as Record<string, unknown>;
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string') throw badRequest('The URL needs its expires and signature');
  const archiveId = String(req.params.archiveId);
  state.urls.check(action, archiveId, Number(expires), signature);
  return requireArchive(state, archiveId);
}

/** PUT /archive/{archiveId}/upload: the package streamed to disk, hashed and capped as it comes. */
export function uploadArchiveRoute(state: AppsState): RawRoute {
  return {
    api: 'apps',
    spec: operations.uploadArchive,
    authorizes: true,
    async admit(req) {
      const archive = await signedArchive(state, req, 'upload');
      if (archive.state === 'valid') throw conflict('The archive is valid already: create a new build for a new package');
      if (Number(req.headers['content-length'] ?? 0) > state.maxArchiveBytes) throw tooLarge(state.maxArchiveBytes);
    },
    async serve(req, res) {
      const archive = await requireArchive(state, String(req.params.archiveId));
      const limit = state.maxArchiveBytes;
      const { size, sha256 } = await receiveFile(req, archivePath(state, archive.id), limit, () => tooLarge(limit), 'the .tar.gz package');
      const values = { state: 'uploaded', error: null, hash: sha256, size, updated_at: isoNow(state) };
      await state.db.updateTable('app_archives').set(values).where('id', '=', archive.id).execute();
      res.json(archiveView({ ...archive, ...values }));
    },
  };
}

/** GET /archive/{archiveId}/download: the package of a signed URL, counted as an install. */
export function downloadArchiveRoute(state: AppsState): RawRoute {
  return {
    api: 'apps',
    spec: operations.downloadArchive,
    authorizes: true,
    async admit(req) {
      const archive = await signedArchive(state, req, 'download');
      if (archive.state !== 'valid') throw notFound('Package');
    },
    async serve(req, res) {
      const archive = await requireArchive(state, String(req.params.archiveId));
      res.setHeader('Content-Type', 'application/gzip');
      res.setHeader('Content-Length', String(archive.size));
      // Only hubs are handed download URLs: a package sent is an install, counted before its bytes go so that a
      // hub that has it finds it counted.
      const build = await state.db.selectFrom('app_builds').select('version').where('app_id', '=', archive.app_id).where('id', '=', archive.build_id).executeTakeFirst();
      if (build) {
        await recordEvent(state, archive.app_id, 'install', build.version);
        state.index.countInstall(archive.app_id);
      }
      await pipeline(createReadStream(archivePath(state, archive.id)), res);
    },
  };
}

export interface ArchiveUpdate {
  state: 'uploaded' | 'failed';
  error?: string;
  manifest?: Record<string, unknown>;
  assetsId?: string;
  hash?: string;
  size?: number;
}

/** Records the archive as refused (its build invalid) or failed, with the reason, and drops its bytes. */
async function markRefused(state: AppsState, archive: ArchiveRow, reason: string, archiveState: 'invalid' | 'failed'): Promise<void> {
  rmSync(archivePath(state, archive.id), { force: true });
  const now = isoNow(state);
  await state.db.transaction().execute(async (trx) => {
    await trx.updateTable('app_archives').set({ state: archiveState, error: reason, updated_at: now }).where('id', '=', archive.id).execute();
    if (archiveState === 'invalid') await trx.updateTable('app_builds').set({ state: 'invalid', updated_at: now }).where('app_id', '=', archive.app_id).where('id', '=', archive.build_id).execute();
  });
}

/** The archive refused with the error's reason, and the error answered. */
async function refuse(state: AppsState, archive: ArchiveRow, error: ApiError): Promise<never> {
  await markRefused(state, archive, error.message, 'invalid');
  throw error;
}

/**
 * The developer's word on an upload: `failed` drops it; `uploaded` has it checked (hash and size as stored, then
 * the package itself, one check at a time per PackageChecks): the archive becomes valid and the build a draft, or
 * both are marked with the 400's reason. A check refused for the checks under way (429, 503) leaves it uploaded.
 */
export async function updateArchive(state: AppsState, archiveId: string, update: ArchiveUpdate, userId: string): Promise<Archive> {
  const archive = await requireArchive(state, archiveId);
  if (archive.state === 'valid') throw conflict('The archive is valid already');
  if (update.state === 'failed') {
    await markRefused(state, archive, update.error ?? 'The upload failed', 'failed');
    return archiveView(await requireArchive(state, archiveId));
  }
  if (archive.state !== 'uploaded') throw conflict('Nothing is uploaded to this archive: send the package to its upload URL first');
  if (update.hash === undefined || update.size === undefined) throw badRequest('Missing argument: hash and size of the uploaded package');
  if (update.hash !== archive.hash || update.size !== Number(archive.size)) {
    return refuse(state, archive, badRequest(`The uploaded package (${archive.size} bytes, SHA-256 ${archive.hash}) is not the one described`));
  }
  const build = await requireBuild(state, archive.app_id, archive.build_id);
  let checked: Awaited<ReturnType<typeof checkPackage>>;
  try {
    checked = await state.packageChecks.run(userId, () => checkPackage(archivePath(state, archive.id), { appId: build.app_id, version: build.version }));
  } catch (error) {
    if (error instanceof ApiError && (error.statusCode === 400 || error.statusCode === 413)) return refuse(state, archive, error.statusCode === 413 ? badRequest(error.message) : error);
    throw error;
  }
  if (update.manifest !== undefined && !isDeepStrictEqual(update.manifest, checked.manifest)) return refuse(state, archive, badRequest("The manifest given is not the package's app.json"));
  const now = isoNow(state);
  const findings = agentFindings(checked.manifest, checked.icon, Number(archive.size));
  const manifest = JSON.stringify(checked.manifest);
  const category = JSON.stringify(Array.isArray(checked.manifest.category) ? checked.manifest.category : typeof checked.manifest.category === 'string' ? [checked.manifest.category] : []);
  await state.db.transaction().execute(async (trx) => {
    await trx.updateTable('app_archives').set({ state: 'valid', error: null, manifest, assets_id: update.assetsId ?? null, updated_at: now }).where('id', '=', archive.id).execute();
    await trx
      .updateTable('app_builds')
      .set({ state: 'draft', manifest, icon: checked.icon, agent_review: JSON.stringify({ verdict: verdictOf(findings), findings, checkedAt: now }), updated_at: now })
      .where('app_id', '=', build.app_id)
      .where('id', '=', build.id)
      .execute();
    await trx.updateTable('apps').set({ category }).where('id', '=', build.app_id).execute();
  });
  return archiveView(await requireArchive(state, archiveId));
}
