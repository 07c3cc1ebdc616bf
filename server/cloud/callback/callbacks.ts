import { randomBytes } from 'node:crypto';
import type { components } from '../../../generated/cloud/callback.js';
import { ApiError, badRequest } from '../../http/errors.js';
import type { CallbackState } from './context.js';

type Registration = components['schemas']['CallbackRegistration'];

/** How long a sign-in may take, from registration to the provider's redirect. */
export const REGISTRATION_TTL_MS = 60 * 60_000;
/** Unused registrations one hub may hold: an app that starts sign-ins in a loop is stopped here. */
export const MAX_OPEN_PER_HUB = 20;

const random = (bytes: number) => randomBytes(bytes).toString('base64url');
const iso = (state: CallbackState, at = state.clock.now()) => new Date(at).toISOString();
export const redirectUri = (state: CallbackState) => `${state.publicUrl}/oauth2/callback`;

/**
 * Registers a hub app's sign-in with the provider's authorization URL: the URL to open (with a fresh state, and
 * this service's redirect URI unless the URL names one) and the token the code will reach the hub under.
 */
export async function registerCallback(state: CallbackState, hubId: string, authorizationUrl: string): Promise<Registration> {
  const url = new URL(authorizationUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest('callback_url must be an http or https URL');
  const now = state.clock.now();
  await state.db.deleteFrom('oauth2_callbacks').where('expires_at', '<', iso(state, now)).execute();
  const { count } = await state.db
    .selectFrom('oauth2_callbacks')
    .select(({ fn }) => fn.countAll<number | string>().as('count'))
    .where('homey_id', '=', hubId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_OPEN_PER_HUB) throw new ApiError(429, 'too_many_requests', `A hub holds at most ${MAX_OPEN_PER_HUB} unfinished sign-ins: finish one or wait an hour`);
  const row = { state: random(16), token: random(32), homey_id: hubId, created_at: iso(state, now), expires_at: iso(state, now + REGISTRATION_TTL_MS), used_at: null };
  await state.db.insertInto('oauth2_callbacks').values(row).execute();
  if (!url.searchParams.has('redirect_uri')) url.searchParams.set('redirect_uri', redirectUri(state));
  url.searchParams.set('state', row.state);
  return { url: url.href, token: row.token, expiresAt: row.expires_at };
}

/** What the provider's redirect came to, for the page the browser shows. */
export type CodeOutcome = { status: 200 | 400 | 404; message: string };

export interface ProviderRedirect {
  state: string;
  code?: string;
  error?: string;
  error_description?: string;
}

const unknownLink: CodeOutcome = { status: 404, message: 'This sign-in link is unknown, used or expired. Start the sign-in again from the app.' };

/**
 * The provider's redirect: the registration named by `state` is claimed (once, by whichever instance gets here
 * first) and its code handed to the hub; a hub that cannot be reached gives the claim back, so that the same link
 * works once it is online again. A provider's error spends the registration.
 */
export async function receiveCode(state: CallbackState, redirect: ProviderRedirect): Promise<CodeOutcome> {
  const now = iso(state);
  const row = await state.db.selectFrom('oauth2_callbacks').selectAll().where('state', '=', redirect.state).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
  if (!row) return unknownLink;
  if (redirect.code === undefined && redirect.error === undefined) return { status: 400, message: 'The provider sent neither a code nor an error.' };
  const claim = await state.db.updateTable('oauth2_callbacks').set({ used_at: now }).where('state', '=', row.state).where('used_at', 'is', null).executeTakeFirst();
  if (Number(claim.numUpdatedRows) === 0) return unknownLink;
  if (redirect.code === undefined) return { status: 400, message: `The sign-in did not go through. The provider answered: ${redirect.error_description || redirect.error}` };
  const delivery = await state.delivery.deliver(row.homey_id, 'cloud', 'receiveOAuth2Callback', { token: row.token, code: redirect.code });
  if (!delivery.delivered) {
    await state.db.updateTable('oauth2_callbacks').set({ used_at: null }).where('state', '=', row.state).execute();
    return { status: 404, message: 'Your Homey cannot be reached right now. Open this link again once it is online.' };
  }
  if (delivery.status < 300) return { status: 200, message: 'You are signed in. You can close this window.' };
  if (delivery.status === 400) return { status: 400, message: 'Your Homey refused the code the provider sent.' };
  return { status: 404, message: 'The app on your Homey no longer waits for this sign-in. Start it again from the app.' };
}
