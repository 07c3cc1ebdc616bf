import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';
import { operations } from '../../../generated/cloud/account.operations.js';
import type { MediaBody } from '../../http/api.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import { sendJson } from '../../http/respond.js';
import type { RawRoute } from '../../http/router.js';
import type { ContractValidator } from '../../http/validator.js';
import type { Account, AccountContext } from './context.js';
import { requireUser } from './callers.js';
import { requireOwnAccount } from './guards.js';
import { userView } from './users.js';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** The image types of seed 001 §5 (jpg is sent as jpeg), each known by its first bytes. */
const SIGNATURES: ReadonlyArray<[string, (bytes: Buffer) => boolean]> = [
  ['image/jpeg', (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/gif', (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1'))],
];

/** The avatar of a multipart upload, its declared type checked against its bytes. */
async function readAvatar(req: IncomingMessage): Promise<{ type: string; data: Buffer }> {
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data;/i.test(contentType)) throw new ApiError(415, 'unsupported_media_type', 'Send the avatar as multipart/form-data');
  const body = await getRawBody(req, { length: req.headers['content-length'], limit: AVATAR_MAX_BYTES + 64 * 1024 }).catch((error: { status?: number }) => {
    throw error.status === 413 ? new ApiError(413, 'payload_too_large', 'The avatar is larger than 2 MiB') : error;
  });
  let form: FormData;
  try {
    form = await new Request('http://avatar', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) }).formData();
  } catch {
    throw badRequest('The multipart body cannot be read');
  }
  const file = form.get('avatar');
  if (!(file instanceof Blob)) throw badRequest('Missing argument: avatar (a file)');
  const type = file.type.toLowerCase();
  const signature = SIGNATURES.find(([known]) => known === type);
  if (!signature) throw badRequest('The avatar must be of type image/jpeg, image/png or image/gif');
  if (file.size > AVATAR_MAX_BYTES) throw new ApiError(413, 'payload_too_large', 'The avatar is larger than 2 MiB');
  const data = Buffer.from(await file.arrayBuffer());
  if (!signature[1](data)) throw badRequest(`The avatar is not a ${type.slice('image/'.length).toUpperCase()} image`);
  return { type, data };
}

/** POST /user/{id}/avatar: authorized like a JSON operation, then the multipart body. */
export function uploadAvatar(account: Account, authorize: (req: IncomingMessage) => Promise<AccountContext>, validator: ContractValidator): RawRoute {
  const spec = operations.uploadUserAvatar;
  return {
    spec,
    async serve(req, res, _query, path) {
      const context = await authorize(req);
      const { id } = validator.params(spec, { ...path }) as { id: string };
      await requireOwnAccount(context, id);
      const row = await requireUser(account, id);
      const { type, data } = await readAvatar(req);
      const etag = `"${createHash('sha256').update(data).digest('base64url').slice(0, 22)}"`;
      const avatar = `${account.publicUrl}/user/${id}/avatar?v=${etag.slice(1, -1)}`;
      const updated_at = account.iso();
      await account.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('avatars').where('user_id', '=', id).execute();
        await trx.insertInto('avatars').values({ user_id: id, content_type: type, data, etag, updated_at }).execute();
        await trx.updateTable('users').set({ avatar, updated_at }).where('id', '=', id).execute();
      });
      sendJson(req, res, await userView(account, { ...row, avatar, updated_at }));
    },
  };
}

/** GET /user/{id}/avatar: the image as uploaded (sent by the kernel as media: nosniff, sandboxed, with an ETag). */
export async function avatarOf(account: Account, id: string): Promise<MediaBody> {
  const row = await account.db.selectFrom('avatars').select(['content_type', 'data']).where('user_id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Avatar');
  return { type: row.content_type, body: Buffer.from(row.data) };
}
