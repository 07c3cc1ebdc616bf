import { sql } from 'kysely';
import type { components } from '../../generated/support.js';
import type { CloudSession } from '../cloud/callers/identity.js';
import { notFound } from '../http/errors.js';
import { log } from '../http/log.js';
import type { Support } from './context.js';
import { sendConfirmation } from './confirmation.js';

export type Ticket = components['schemas']['Ticket'];
export type TicketCreate = components['schemas']['TicketCreate'];
type TicketRow = { id: number; status: string; subject: string; message: string; requester: string; tags: string; details: string; created_at: string };

/** Ticket numbers start here, as help desks number from a value that does not look like a test. */
const FIRST_TICKET_ID = 1001;

/**
 * Stores a ticket of the caller with the caller's waiting uploads it names (404 when one is not such an upload),
 * then e-mails the confirmation, which quotes the customer's own text: only to an address the account service has
 * verified (anyone may sign up with anyone's address), and at most TICKETS_PER_HOUR tickets an hour per account
 * (429). The ticket stands even if the mail fails: sending the form again would make a second ticket, so the
 * failure is logged for the support team instead; the answer says whether the confirmation went.
 */
export async function createTicket(support: Support, session: CloudSession, input: TicketCreate): Promise<{ ticket: Ticket; confirmationSent: boolean }> {
  await support.ticketThrottle.take(session.userId);
  const id = await storeTicket(support, session, input).catch(async (error: unknown) => {
    await support.ticketThrottle.giveBack(session.userId);
    throw error;
  });
  const ticket = await requireTicket(support, session.userId, String(id));
  if (!session.emailVerified) return { ticket, confirmationSent: false };
  const confirmationSent = await sendConfirmation(support, ticket).then(
    () => true,
    (error: Error) => {
      log.error({ err: error, ticket: ticket.id }, `The confirmation of ticket #${ticket.id} could not be sent`);
      return false;
    },
  );
  return { ticket, confirmationSent };
}

async function storeTicket(support: Support, session: CloudSession, input: TicketCreate): Promise<number> {
  const { subject, message, tags = [], uploadTokens = [], ...details } = input;
  const requester = { userId: session.userId, name: `${session.firstname} ${session.lastname}`.trim(), email: session.email };
  return support.db.transaction().execute(async (trx) => {
    const uploads = uploadTokens.length
      ? await trx.selectFrom('uploads').select('token').where('token', 'in', uploadTokens).where('user_id', '=', session.userId).where('ticket_id', 'is', null).execute()
      : [];
    if (uploads.length !== uploadTokens.length) throw notFound('Upload');
    const { id } = await trx
      .insertInto('tickets')
      .values({
        id: sql<number>`(select coalesce(max(id), ${FIRST_TICKET_ID - 1}) + 1 from tickets)`,
        user_id: session.userId,
        status: 'new',
        subject,
        message,
        requester: JSON.stringify(requester),
        tags: JSON.stringify(tags),
        details: JSON.stringify(details),
        created_at: support.iso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [position, token] of uploadTokens.entries()) await trx.updateTable('uploads').set({ ticket_id: id, position }).where('token', '=', token).execute();
    return id;
  });
}

/** One of the caller's tickets; another's, or an unknown one, is a 404. */
export async function requireTicket(support: Support, userId: string, id: string): Promise<Ticket> {
  const row = await support.db.selectFrom('tickets').selectAll().where('id', '=', Number(id)).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('Ticket');
  return (await withAttachments(support, [row]))[0]!;
}

/** The caller's tickets, newest first. */
export async function ticketsOf(support: Support, userId: string): Promise<Ticket[]> {
  const rows = await support.db.selectFrom('tickets').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
  return withAttachments(support, rows);
}

async function withAttachments(support: Support, rows: TicketRow[]): Promise<Ticket[]> {
  const ids = rows.map((row) => row.id);
  const uploads = ids.length
    ? await support.db.selectFrom('uploads').select(['ticket_id', 'filename', 'mimetype', 'size']).where('ticket_id', 'in', ids).orderBy('position').execute()
    : [];
  return rows.map((row) => ({
    id: String(row.id),
    status: row.status as Ticket['status'],
    subject: row.subject,
    message: row.message,
    requester: JSON.parse(row.requester) as Ticket['requester'],
    tags: JSON.parse(row.tags) as string[],
    attachments: uploads.filter((upload) => upload.ticket_id === row.id).map(({ filename, mimetype, size }) => ({ filename, mimetype, size: Number(size) })),
    details: JSON.parse(row.details) as Ticket['details'],
    createdAt: row.created_at,
  }));
}
