import { ApiError } from '../http/errors.js';
import type { Support } from './context.js';

/** What one customer may hold waiting for a ticket: one ticket's worth of files (seed 000 §5: at most 12). */
export const MAX_PENDING_UPLOADS = 12;
/** ...and at most this many bytes in all, so that one customer cannot fill the disk with files no ticket takes. */
export const MAX_PENDING_BYTES = 200_000_000;

const tooMany = () =>
  new ApiError(429, 'too_many_requests', `You have ${MAX_PENDING_UPLOADS} attachments waiting for a ticket: send the ticket or remove one before adding more`);

export const pendingBytesExceeded = () =>
  new ApiError(413, 'payload_too_large', `Attachments waiting for a ticket may total at most ${MAX_PENDING_BYTES / 1_000_000} MB: send the ticket or remove one before adding more`);

/**
 * Reserves a place for an upload of `userId` before its body is read: its row is stored at once with `reserve` bytes
 * (the body's Content-Length, or as much as the customer may still hold), so that uploads in flight count against
 * the caps as well. Resolves with the bytes the upload may have; the caller stores the true size, or deletes the row.
 * Counting and inserting in one transaction keeps concurrent uploads of one customer from passing the caps together.
 */
export async function reserveUpload(
  support: Support,
  row: { token: string; user_id: string; filename: string; mimetype: string; created_at: string },
  declaredBytes: number | undefined,
  perFileLimit: number,
): Promise<number> {
  return support.db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('uploads')
      .select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.coalesce(eb.fn.sum<number>('size'), eb.val(0)).as('bytes')])
      .where('user_id', '=', row.user_id)
      .where('ticket_id', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(held.files) >= MAX_PENDING_UPLOADS) throw tooMany();
    const room = MAX_PENDING_BYTES - Number(held.bytes);
    if (room <= 0 || (declaredBytes !== undefined && declaredBytes > room)) throw pendingBytesExceeded();
    const allowance = Math.min(perFileLimit, room, declaredBytes ?? Infinity);
    await trx.insertInto('uploads').values({ ...row, size: allowance, ticket_id: null }).execute();
    return allowance;
  });
}
