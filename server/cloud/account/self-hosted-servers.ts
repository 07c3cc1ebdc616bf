import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { Account, AccountContext } from './context.js';
import { isUniqueViolation } from './db.js';
import { createHomey, requireHomey, requireOwned, type HomeyView } from './hubs.js';
import { callerId, isAdmin } from './callers.js';

export const SELF_HOSTED_MODEL = 'homey-self-hosted-server';

type SubscriptionType = 'monthly' | 'yearly' | 'lifetime';

const serverRow = (account: Account, hubId: string) => account.db.selectFrom('self_hosted_servers').selectAll().where('hub_id', '=', hubId).executeTakeFirst();

/** The record as its owner sees it. */
async function ownerView(account: Account, hubId: string): Promise<HomeyView> {
  const hub = await account.db.selectFrom('hubs').select('owner_id').where('id', '=', hubId).executeTakeFirstOrThrow();
  return requireHomey(account, hub.owner_id, hubId);
}

/** A self-hosted server the caller owns (403 for its other users, 404 for strangers and for other hubs). */
async function requireOwnServer(context: AccountContext, hubId: string) {
  await requireOwned(context.account, callerId(context), hubId);
  const row = await serverRow(context.account, hubId);
  if (!row) throw notFound('Self-hosted server');
  return row;
}

/** A self-hosted server the caller owns, or any for an admin. */
async function requireServer(context: AccountContext, hubId: string) {
  if (!(await isAdmin(context, callerId(context)))) return requireOwnServer(context, hubId);
  const row = await serverRow(context.account, hubId);
  if (!row) throw notFound('Self-hosted server');
  return row;
}

export async function createSelfHostedServer(context: AccountContext): Promise<HomeyView> {
  const { account } = context;
  const owner = callerId(context);
  const { _id } = await createHomey(account, owner, { name: 'Self-Hosted Server', model: SELF_HOSTED_MODEL, platform: 'local', apiVersion: 3 }, true);
  await account.db.insertInto('self_hosted_servers').values({ hub_id: _id, subscription_type: null, subscription_expires_at: null, shopify_contract_id: null, expired: 0, custom_hostname: null }).execute();
  return requireHomey(account, owner, _id);
}

export async function deleteSelfHostedServer(context: AccountContext, hubId: string): Promise<void> {
  await requireOwnServer(context, hubId);
  await context.account.db.deleteFrom('hubs').where('id', '=', hubId).execute();
}

/** The billing system's call (admins, see api.ts): a monthly or yearly subscription ends, a lifetime one does not. */
export async function setSubscription(account: Account, hubId: string, input: { type: SubscriptionType; expiresAt?: string; shopifyContractId?: string }): Promise<HomeyView> {
  if (input.type === 'lifetime' && input.expiresAt !== undefined) throw badRequest('A lifetime license has no expiresAt');
  if (input.type !== 'lifetime' && input.expiresAt === undefined) throw badRequest(`A ${input.type} subscription needs expiresAt`);
  if (!(await serverRow(account, hubId))) throw notFound('Self-hosted server');
  await account.db
    .updateTable('self_hosted_servers')
    .set({
      subscription_type: input.type,
      subscription_expires_at: input.expiresAt === undefined ? null : new Date(input.expiresAt).toISOString(),
      shopify_contract_id: input.shopifyContractId ?? null,
      expired: 0,
    })
    .where('hub_id', '=', hubId)
    .execute();
  return ownerView(account, hubId);
}

/** Moves a lifetime license between two servers of one owner. */
export async function transferLifetimeLicense(context: AccountContext, hubId: string, newHubId: string): Promise<HomeyView> {
  const { account } = context;
  const source = await requireServer(context, hubId);
  const target = await requireServer(context, newHubId);
  const owners = await account.db.selectFrom('hubs').select('owner_id').distinct().where('id', 'in', [hubId, newHubId]).execute();
  if (owners.length !== 1) throw conflict('A lifetime license moves only between servers of one owner');
  if (source.subscription_type !== 'lifetime') throw conflict('This server has no lifetime license');
  if (target.subscription_type === 'lifetime') throw conflict('The other server has a lifetime license already');
  await account.db.transaction().execute(async (trx) => {
    await trx.updateTable('self_hosted_servers').set({ subscription_type: null, subscription_expires_at: null, shopify_contract_id: null, expired: 0 }).where('hub_id', '=', hubId).execute();
    await trx
      .updateTable('self_hosted_servers')
      .set({ subscription_type: 'lifetime', subscription_expires_at: null, shopify_contract_id: source.shopify_contract_id, expired: 0 })
      .where('hub_id', '=', newHubId)
      .execute();
  });
  return ownerView(account, newHubId);
}

export async function setCustomHostname(context: AccountContext, hubId: string, hostname: string | null): Promise<HomeyView> {
  await requireOwnServer(context, hubId);
  try {
    await context.account.db.updateTable('self_hosted_servers').set({ custom_hostname: hostname?.toLowerCase() ?? null }).where('hub_id', '=', hubId).execute();
  } catch (error) {
    throw isUniqueViolation(error) ? conflict('Another server uses this host name') : error;
  }
  return ownerView(context.account, hubId);
}

/** Subscriptions whose end has passed become expired; their servers lose their custom host names. */
export async function expireSubscriptions(account: Account): Promise<string[]> {
  const now = account.iso();
  const due = await account.db
    .selectFrom('self_hosted_servers')
    .select('hub_id')
    .where('expired', '=', 0)
    .where('subscription_expires_at', 'is not', null)
    .where('subscription_expires_at', '<=', now)
    .orderBy('hub_id')
    .execute();
  const ids = due.map((row) => row.hub_id);
  if (ids.length) await account.db.updateTable('self_hosted_servers').set({ expired: 1, custom_hostname: null }).where('hub_id', 'in', ids).execute();
  return ids;
}
