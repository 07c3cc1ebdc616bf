import { log } from '../../http/log.js';
import type { Mail } from '../account/context.js';
import type { CloudSession } from '../callers/identity.js';
import { isoNow, type AppsState } from './context.js';

/** Keeps the caller's name and address as their token says, for authors' names and the mails the store sends. */
export async function rememberCaller(state: AppsState, session: CloudSession): Promise<void> {
  const values = { name: session.name, email: session.email, updated_at: isoNow(state) };
  await state.db
    .insertInto('app_people')
    .values({ id: session.userId, ...values })
    .onConflict((c) => c.column('id').doUpdateSet(values))
    .execute();
}

/** The addresses of an app's developers (its author and its organization's members) that the store knows. */
export async function developerAddresses(state: AppsState, app: { author_id: string; org_id: string | null }): Promise<string[]> {
  const members = app.org_id
    ? (await state.db.selectFrom('app_organization_members').select('user_id').where('org_id', '=', app.org_id).execute()).map((m) => m.user_id)
    : [];
  const ids = [...new Set([app.author_id, ...members])];
  const people = await state.db.selectFrom('app_people').select('email').where('id', 'in', ids).execute();
  return people.map((p) => p.email).filter(Boolean);
}

/** Mails someone; a mail that cannot be sent is logged, and what caused it stands. */
export async function mailSafely(state: AppsState, mail: Mail): Promise<void> {
  try {
    await state.mail(mail);
  } catch (error) {
    log.error({ err: error }, 'The apps service could not send a mail');
  }
}

/** Mails the app's developers. */
export async function mailDevelopers(state: AppsState, app: { id: string; author_id: string; org_id: string | null }, subject: string, text: string): Promise<void> {
  for (const to of await developerAddresses(state, app)) await mailSafely(state, { to, subject: `${app.id}: ${subject}`, text });
}
