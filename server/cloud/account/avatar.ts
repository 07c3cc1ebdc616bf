import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { operations } from '../../../generated/cloud/account.operations.js';
import type { MediaBody } from '../../http/api.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import { uploadedFiles } from '../../http/body.js';
import type { Caller } from '../../http/dispatcher.js';
import type { RawRoute } from '../../http/router.js';
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

/** The avatar of a multipart upload (read and validated by the kernel), its declared type checked against its bytes. */
function readAvatar(req: IncomingMessage): { type: string; data: Buffer } {
  const file = uploadedFiles(req).get('avatar');
  if (!file) throw badRequest('Missing argument: avatar');
  const signature = SIGNATURES.find(([known]) => known === file.type);
  if (!signature) throw badRequest('The avatar must be of type image/jpeg, image/png or image/gif');
  if (file.data.length > AVATAR_MAX_BYTES) throw new ApiError(413, 'payload_too_large', 'The avatar is larger than 2 MiB');
  if (!signature[1](file.data)) throw badRequest(`The avatar is not a ${file.type.slice('image/'.length).toUpperCase()} image`);
  return file;
}

/** POST /user/{id}/avatar: only one's own account, decided before the multipart body is read. */
export function uploadAvatar(account: Account): RawRoute {
  const context = ({ session, remoteAddress }: Caller): AccountContext => ({ session: session as AccountContext['session'], remoteAddress, account });
  return {
    api: 'account',
    spec: operations.uploadUserAvatar,
    body: 'multipart',
    admit: async (req, caller) => void (await requireOwnAccount(context(caller), String(req.params.id))),
    async serve(req, res) {
      const { id } = req.params as { id: string };
      const row = await requireUser(account, id);
      const { type, data } = readAvatar(req);
      const etag = `"${createHash('sha256').update(data).digest('base64url').slice(0, 22)}"`;
      const avatar = `${account.publicUrl}/user/${id}/avatar?v=${etag.slice(1, -1)}`;
      const updated_at = account.iso();
      await account.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('avatars').where('user_id', '=', id).execute();
        await trx.insertInto('avatars').values({ user_id: id, content_type: type, data, etag, updated_at }).execute();
        await trx.updateTable('users').set({ avatar, updated_at }).where('id', '=', id).execute();
      });
      res.json(await userView(account, { ...row, avatar, updated_at }));
    },
  };
}

/** GET /user/{id}/avatar: the image as uploaded (sent by the kernel as media: nosniff, sandboxed, with an ETag). */
export async function avatarOf(account: Account, id: string): Promise<MediaBody> {
  const row = await account.db.selectFrom('avatars').select(['content_type', 'data']).where('user_id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Avatar');
  return { type: row.content_type, body: Buffer.from(row.data) };
}
