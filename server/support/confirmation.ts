import type { components } from '../../generated/support.js';
import { sendMail } from '../http/mail.js';
import type { Support } from './context.js';

// The contract's ticket, named here rather than imported from tickets.ts, which calls this module.
type Ticket = components['schemas']['Ticket'];

/** Who confirmation e-mails come from. */
export const SUPPORT_SENDER = 'Support team <support@homey.local>';

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1000))} kB`;

/** E-mails the customer that their ticket arrived (seed 000 §2: "Your e-mail confirmation is on its way"). */
export async function sendConfirmation(support: Support, ticket: Ticket): Promise<void> {
  const { requester } = ticket;
  const files = ticket.attachments.map((file) => `- ${file.filename} (${kilobytes(file.size)})`);
  const text = [
    `Hi ${requester.name || 'there'},`,
    '',
    `Thanks for your message. We received your request #${ticket.id}, "${ticket.subject}", and our support team is working to get back to you as soon as possible.`,
    'Expected response time: 1-2 weeks. Many questions are answered sooner by the community forum.',
    '',
    'Your message:',
    ...ticket.message.split('\n').map((line) => `> ${line}`),
    ...(files.length ? ['', 'Attachments:', ...files] : []),
    '',
    'Reply to this e-mail to add to your request.',
    '',
    'The support team',
    '',
  ].join('\n');
  await sendMail(
    {
      from: SUPPORT_SENDER,
      to: requester.email,
      subject: `[Request #${ticket.id}] ${ticket.subject}`,
      date: new Date(support.clock.now()),
      text,
      headers: { 'X-Ticket-Id': ticket.id },
    },
    support.outboxDir,
    `${support.clock.now()}-ticket-${ticket.id}`,
  );
}
