import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { components } from '../../generated/support.js';
import { operations } from '../../generated/support.operations.js';
import { ApiError, badRequest, notFound } from '../http/errors.js';
import { sendJson } from '../http/respond.js';
import type { RawRoute } from '../http/router.js';
import type { CloudSession } from '../cloud/callers/identity.js';
import type { Support } from './context.js';
import { pendingBytesExceeded, reserveUpload } from './upload-quota.js';

export type Upload = components['schemas']['Upload'];

/** Seed 000 §9: each file at most 50 MB. */
export const MAX_UPLOAD_BYTES = 50_000_000;
/** An upload no ticket took within this time is deleted. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

const tooLarge = () => new ApiError(413, 'payload_too_large', 'File exceeds the maximum file size of 50MB (50,000,000 bytes)');

/**
 * createAttachment: the raw body streamed to a file, never held in memory; past the limit the upload is refused
 * with 413 at once (by its Content-Length, or when that many bytes arrived), its partial file removed. A customer
 * holds at most one ticket's worth of uploads waiting (upload-quota.ts): 429 past the count, 413 past the bytes,
 * before the body is read. A refused request's unread rest is not read: the server closes the connection after
 * the answer.
 */
export function uploadRoute(service: Support): RawRoute {
  const spec = operations.createAttachment;
  return {
    api: 'support',
    spec,
    async serve(req, res, caller) {
      const session = caller.session as CloudSession;
      const { filename, mimetype } = req.query as { filename: string; mimetype: string };
      const length = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
      if (length !== undefined && length > MAX_UPLOAD_BYTES) throw tooLarge();
      const token = randomBytes(16).toString('base64url');
      const createdAt = service.iso();
      const allowance = await reserveUpload(service, { token, user_id: session.userId, filename, mimetype, created_at: createdAt }, length, MAX_UPLOAD_BYTES);
      let size: number;
      try {
        size = await receive(req, path.join(service.uploadsDir, token), allowance, allowance < MAX_UPLOAD_BYTES ? pendingBytesExceeded : tooLarge);
      } catch (error) {
        await service.db.deleteFrom('uploads').where('token', '=', token).execute();
        throw error;
      }
      await service.db.updateTable('uploads').set({ size }).where('token', '=', token).execute();
      const upload: Upload = { token, filename, mimetype, size, createdAt };
      await purgeStaleUploads(service);
      sendJson(req, res, upload);
    },
  };
}

/**
 * Writes the request's body to `file` as it arrives (pausing while the disk catches up); resolves with its size.
 * Past `limit` bytes it stops with `overLimit()`.
 */
function receive(req: IncomingMessage, file: string, limit: number, overLimit: () => ApiError): Promise<number> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file, { flags: 'wx' });
    let size = 0;
    let settled = false;
    const stop = (error: Error) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.pause();
      out.destroy();
      void rm(file, { force: true }).finally(() => reject(error));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return stop(overLimit());
      if (!out.write(chunk)) {
        req.pause();
        out.once('drain', () => req.resume());
      }
    };
    req.on('data', onData);
    req.once('end', () => {
      if (settled) return;
      settled = true;
      out.end();
      out.once('finish', () => resolve(size));
    });
    req.once('close', () => {
      if (!req.complete) stop(badRequest('The upload was interrupted'));
    });
    out.once('error', (error) => stop(error));
  });
}

/** Removes an upload of the caller that no ticket took; any other is a 404. */
export async function deleteUpload(service: Support, userId: string, token: string): Promise<void> {
  const row = await service.db.deleteFrom('uploads').where('token', '=', token).where('user_id', '=', userId).where('ticket_id', 'is', null).returning('token').executeTakeFirst();
  if (!row) throw notFound('Upload');
  await rm(path.join(service.uploadsDir, token), { force: true });
}

/** Deletes uploads that waited longer than a day for a ticket, with their files. */
export async function purgeStaleUploads(service: Support): Promise<void> {
  const before = service.iso(-UPLOAD_TTL_MS);
  const stale = await service.db.deleteFrom('uploads').where('ticket_id', 'is', null).where('created_at', '<', before).returning('token').execute();
  await Promise.all(stale.map(({ token }) => rm(path.join(service.uploadsDir, token), { force: true })));
}
