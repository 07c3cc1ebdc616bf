import type { Selectable } from 'kysely';
import type { components } from '../../../generated/cloud/account.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Account } from './context.js';
import { digest, newId, newSecret } from './crypto.js';
import type { Tables } from './db.js';

export type OAuthClientView = components['schemas']['OAuthClient'];
type Input = components['schemas']['OAuthClientUpdate'];

export const MAX_CLIENTS = 20;
/** What a client a user registers may do: sign users in through the page and refresh. */
const USER_CLIENT_GRANTS = ['authorization_code', 'refresh_token'];

const view = (row: Selectable<Tables['oauth_clients']>): OAuthClientView => ({
  id: row.id,
  name: row.name,
  redirectUri: JSON.parse(row.redirect_uris) as string[],
  scopes: JSON.parse(row.scopes) as string[],
  createdAt: row.created_at,
});

const owned = (account: Account, ownerId: string) => account.db.selectFrom('oauth_clients').selectAll().where('owner_id', '=', ownerId);

export async function clientsOf(account: Account, ownerId: string): Promise<OAuthClientView[]> {
  return (await owned(account, ownerId).orderBy('created_at').orderBy('id').execute()).map(view);
}

export async function createUserClient(account: Account, ownerId: string, input: Required<Input>): Promise<OAuthClientView> {
  const { count } = await account.db.selectFrom('oauth_clients').select((eb) => eb.fn.countAll<number | string>().as('count')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
  if (Number(count) >= MAX_CLIENTS) throw conflict(`An account registers at most ${MAX_CLIENTS} clients: delete one first`);
  const secret = newSecret();
  const row = {
    id: newId(),
    secret_hash: digest(secret),
    name: input.name,
    redirect_uris: JSON.stringify([...new Set(input.redirectUri)]),
    grants: JSON.stringify(USER_CLIENT_GRANTS),
    scopes: JSON.stringify([...new Set(input.scopes)]),
    created_at: account.iso(),
    owner_id: ownerId,
    // A user's own client is a third party's app to everyone signing in to it: it asks consent.
    trusted: 0,
  };
  await account.db.insertInto('oauth_clients').values(row).execute();
  return { ...view(row), secret };
}

async function requireOwned(account: Account, ownerId: string, id: string) {
  const row = await owned(account, ownerId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Client');
  return row;
}

export async function updateUserClient(account: Account, ownerId: string, id: string, patch: Input): Promise<OAuthClientView> {
  const row = await requireOwned(account, ownerId, id);
  const changes = {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.redirectUri !== undefined ? { redirect_uris: JSON.stringify([...new Set(patch.redirectUri)]) } : {}),
    ...(patch.scopes !== undefined ? { scopes: JSON.stringify([...new Set(patch.scopes)]) } : {}),
  };
  await account.db.updateTable('oauth_clients').set(changes).where('id', '=', id).execute();
  return view({ ...row, ...changes });
}

/** Deletes the client; its tokens and codes go with it (foreign keys). */
export async function deleteUserClient(account: Account, ownerId: string, id: string): Promise<void> {
  await requireOwned(account, ownerId, id);
  await account.db.deleteFrom('oauth_clients').where('id', '=', id).execute();
}
