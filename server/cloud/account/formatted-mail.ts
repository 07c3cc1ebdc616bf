import { randomBytes } from 'node:crypto';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { Account } from './context.js';

export interface FormattedMail {
  to?: string;
  toHomeyOwner?: string;
  from?: string;
  subject: string;
  body: string;
  replyTo?: string;
  logo?: { url: string; alt?: string };
  header?: { title: string; subtitle?: string };
  button?: { text: string; url: string };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The HTML part: logo, header, the body's paragraphs and a button, all text escaped. */
export function renderHtml(mail: FormattedMail): string {
  const paragraphs = mail.body.split(/\n\s*\n/).map((p) => `<p>${escape(p.trim()).replace(/\n/g, '<br>')}</p>`);
  const parts = [
    mail.logo ? `<img src="${escape(mail.logo.url)}" alt="${escape(mail.logo.alt ?? '')}" style="max-height:48px">` : '',
    mail.header ? `<h1>${escape(mail.header.title)}</h1>${mail.header.subtitle ? `<h2>${escape(mail.header.subtitle)}</h2>` : ''}` : '',
    ...paragraphs,
    mail.button ? `<p><a href="${escape(mail.button.url)}" style="display:inline-block;padding:10px 20px;background:#00b3ff;color:#fff;text-decoration:none;border-radius:4px">${escape(mail.button.text)}</a></p>` : '',
  ];
  return `<!doctype html><html><body style="font-family:sans-serif;max-width:600px;margin:auto">${parts.filter(Boolean).join('\n')}</body></html>`;
}

const renderText = (mail: FormattedMail) =>
  [mail.header?.title, mail.header?.subtitle, mail.body, mail.button ? `${mail.button.text}: ${mail.button.url}` : undefined].filter(Boolean).join('\n\n');

/**
 * The account a formatted mail goes to, by address or as the owner of a hub: only to a verified address of an
 * account (409 otherwise), since the mail carries text its caller wrote.
 */
async function recipientOf(account: Account, mail: FormattedMail): Promise<{ id: string; email: string }> {
  if ((mail.to === undefined) === (mail.toHomeyOwner === undefined)) throw badRequest('Name the recipient by exactly one of to and toHomeyOwner');
  const users = account.db.selectFrom('users').select(['users.id', 'users.email', 'users.email_verified']);
  const user =
    mail.to !== undefined
      ? await users.where('users.email_key', '=', mail.to.toLowerCase()).executeTakeFirst()
      : await users.innerJoin('hubs', 'hubs.owner_id', 'users.id').where('hubs.id', '=', mail.toHomeyOwner!).executeTakeFirst();
  if (!user && mail.toHomeyOwner !== undefined) throw notFound('Homey');
  if (!user?.email_verified) throw conflict('Formatted mails go only to the verified e-mail address of an account');
  return user;
}

/** Sends to `to`, or to the owner of the hub `toHomeyOwner`, at most so many a window per recipient account (429). */
export async function sendFormattedEmail(account: Account, mail: FormattedMail): Promise<{ to: string; messageId: string }> {
  const recipient = await recipientOf(account, mail);
  await account.limits.userMails.take(recipient.id);
  const to = recipient.email;
  const messageId = `<${randomBytes(12).toString('hex')}@${new URL(account.publicUrl).hostname}>`;
  await account.mail({
    to,
    subject: mail.subject,
    text: renderText(mail),
    html: renderHtml(mail),
    messageId,
    ...(mail.from !== undefined ? { from: mail.from } : {}),
    ...(mail.replyTo !== undefined ? { replyTo: mail.replyTo } : {}),
  });
  return { to, messageId };
}
