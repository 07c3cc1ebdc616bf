import { badRequest, notFound } from '../../http/errors.js';
import { newSecret, secretHash } from '../../http/secrets.js';
import type { CloudSession, VerifyAccessToken } from '../callers/identity.js';
import type { Store } from './context.js';

const LOGIN_TOKEN_MS = 5 * 60 * 1000;
const SESSION_MS = 24 * 60 * 60 * 1000;
/** Shop sessions' tokens carry this prefix, so that the verifier knows them from the account's without asking it. */
const SESSION_PREFIX = 'shop_';
const SCOPE = 'account.readonly';

type Profile = Omit<CloudSession, 'id' | 'scopes'>;

const profileOf = ({ userId, email, firstname, lastname, name, emailVerified, roles }: CloudSession): Profile => ({ userId, email, firstname, lastname, name, emailVerified, roles });

async function issue(store: Store, kind: 'login' | 'session', prefix: string, profile: Profile, lifetimeMs: number) {
  const token = `${prefix}${newSecret()}`;
  const expiresAt = store.iso(lifetimeMs);
  await store.db.insertInto('shop_tokens').values({ hash: secretHash(token), kind, user_id: profile.userId, profile: JSON.stringify(profile), expires_at: expiresAt }).execute();
  return { token, expiresAt };
}

export const createLoginToken = (store: Store, session: CloudSession) => issue(store, 'login', 'lt_', profileOf(session), LOGIN_TOKEN_MS);

/** A login token works once: it is deleted as it is exchanged. */
export async function createUserSession(store: Store, loginToken: string) {
  const row = await store.db
    .deleteFrom('shop_tokens')
    .where('hash', '=', secretHash(loginToken))
    .where('kind', '=', 'login')
    .returningAll()
    .executeTakeFirst();
  if (!row || row.expires_at <= store.iso()) throw notFound('Login token');
  return issue(store, 'session', SESSION_PREFIX, JSON.parse(row.profile) as Profile, SESSION_MS);
}

const sessionHash = (session: CloudSession) => (session.id.startsWith('shop:') ? session.id.slice('shop:'.length) : undefined);

export async function deleteUserSession(store: Store, session: CloudSession): Promise<void> {
  const hash = sessionHash(session);
  if (!hash) throw badRequest('This call carries an account access token, not a shop session');
  await store.db.deleteFrom('shop_tokens').where('hash', '=', hash).execute();
}

/** Every shop session and unused login token of the customer. */
export async function logout(store: Store, userId: string): Promise<void> {
  await store.db.deleteFrom('shop_tokens').where('user_id', '=', userId).execute();
}

/** The store's verifier: its own sessions from its table, every other token as a delegation token of audience `store`. */
export function shopSessionVerifier(store: Store, delegation: VerifyAccessToken): VerifyAccessToken {
  return async (token) => {
    if (!token.startsWith(SESSION_PREFIX)) return delegation(token);
    const hash = secretHash(token);
    const row = await store.db.selectFrom('shop_tokens').select(['profile', 'expires_at']).where('hash', '=', hash).where('kind', '=', 'session').executeTakeFirst();
    if (!row || row.expires_at <= store.iso()) return null;
    const profile = JSON.parse(row.profile) as Profile;
    // Sessions opened before profiles named the customer and their roles have neither.
    return { id: `shop:${hash}`, scopes: [SCOPE], ...profile, name: profile.name ?? '', roles: profile.roles ?? [] };
  };
}
