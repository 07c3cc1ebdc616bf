import { randomBytes } from 'node:crypto';
import type { components } from '../../../generated/cloud/webhooks.js';
import { conflict, notFound } from '../../http/errors.js';
import { log } from '../../http/log.js';
import { requirePublicCallback } from './callback-address.js';
import type { WebhooksState } from './context.js';
import type { WebhookClientRow, WebhookRow } from './db.js';

type Webhook = components['schemas']['Webhook'];
type WebhookClient = components['schemas']['WebhookClient'];
type WebhookCallResult = components['schemas']['WebhookCallResult'];
type Fields = { name: string; fn: string; keyPath: string };

/** How many webhooks one developer may keep. */
export const MAX_WEBHOOKS_PER_USER = 100;

const newId = () => randomBytes(16).toString('base64url');
const iso = (state: WebhooksState) => new Date(state.clock.now()).toISOString();

/** The value at a dot path of a JSON value, as JSON text to compare (null when the path leads nowhere). */
export function keyValueAt(value: unknown, keyPath: string): string | null {
  let at = value;
  for (const key of keyPath.split('.')) {
    if (at === null || typeof at !== 'object' || Array.isArray(at) || !Object.hasOwn(at, key)) return null;
    at = (at as Record<string, unknown>)[key];
  }
  return at === undefined || at === null || typeof at === 'object' ? null : JSON.stringify(at);
}

const view = (state: WebhooksState, row: WebhookRow): Webhook => ({
  _id: row.id,
  name: row.name,
  fn: row.fn,
  keyPath: row.key_path,
  url: `${state.publicUrl}/webhook/${row.id}`,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const clientView = (row: WebhookClientRow): WebhookClient => ({ webhookId: row.webhook_id, homeyId: row.homey_id, data: JSON.parse(row.data) as WebhookClient['data'], registeredAt: row.registered_at });

async function findWebhook(state: WebhooksState, id: string): Promise<WebhookRow> {
  const row = await state.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Webhook');
  return row;
}

/** The developer's own webhook; another's is as unknown as a missing one. */
async function ownWebhook(state: WebhooksState, userId: string, id: string): Promise<WebhookRow> {
  const row = await findWebhook(state, id);
  if (row.user_id !== userId) throw notFound('Webhook');
  return row;
}

export async function listWebhooks(state: WebhooksState, userId: string): Promise<Webhook[]> {
  const rows = await state.db.selectFrom('webhooks').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => view(state, row));
}

export const getWebhook = async (state: WebhooksState, userId: string, id: string) => view(state, await ownWebhook(state, userId, id));

export async function createWebhook(state: WebhooksState, userId: string, fields: Fields): Promise<Webhook> {
  const { count } = await state.db.selectFrom('webhooks').select(({ fn }) => fn.countAll<number>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (Number(count) >= MAX_WEBHOOKS_PER_USER) throw conflict(`You keep ${MAX_WEBHOOKS_PER_USER} webhooks, the most one account may keep`);
  const now = iso(state);
  const row: WebhookRow = { id: newId(), user_id: userId, name: fields.name, fn: fields.fn, key_path: fields.keyPath, created_at: now, updated_at: now };
  await state.db.insertInto('webhooks').values(row).execute();
  return view(state, row);
}

/** Changes a webhook; a new keyPath re-reads each registered hub's key from its data, in the same transaction. */
export async function updateWebhook(state: WebhooksState, userId: string, id: string, patch: Partial<Fields>): Promise<Webhook> {
  const current = await ownWebhook(state, userId, id);
  const row: WebhookRow = { ...current, name: patch.name ?? current.name, fn: patch.fn ?? current.fn, key_path: patch.keyPath ?? current.key_path, updated_at: iso(state) };
  await state.db.transaction().execute(async (trx) => {
    await trx.updateTable('webhooks').set({ name: row.name, fn: row.fn, key_path: row.key_path, updated_at: row.updated_at }).where('id', '=', id).execute();
    if (row.key_path === current.key_path) return;
    const clients = await trx.selectFrom('webhook_clients').select(['homey_id', 'data']).where('webhook_id', '=', id).execute();
    for (const client of clients) {
      await trx.updateTable('webhook_clients').set({ key_value: keyValueAt(JSON.parse(client.data), row.key_path) }).where('webhook_id', '=', id).where('homey_id', '=', client.homey_id).execute();
    }
  });
  return view(state, row);
}

export async function deleteWebhook(state: WebhooksState, userId: string, id: string): Promise<void> {
  await ownWebhook(state, userId, id);
  await state.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('webhook_clients').where('webhook_id', '=', id).execute();
    await trx.deleteFrom('webhooks').where('id', '=', id).execute();
  });
}

export async function registerClient(state: WebhooksState, webhookId: string, homeyId: string, data: Record<string, unknown>, callbackUrl: string | undefined): Promise<WebhookClient> {
  const webhook = await findWebhook(state, webhookId);
  if (callbackUrl !== undefined) await requirePublicCallback(callbackUrl, state.callbackAllowList);
  const row: WebhookClientRow = { webhook_id: webhookId, homey_id: homeyId, data: JSON.stringify(data), key_value: keyValueAt(data, webhook.key_path), callback_url: callbackUrl ?? null, registered_at: iso(state) };
  await state.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('webhook_clients').where('webhook_id', '=', webhookId).where('homey_id', '=', homeyId).execute();
    await trx.insertInto('webhook_clients').values(row).execute();
  });
  return clientView(row);
}

export async function unregisterClient(state: WebhooksState, webhookId: string, homeyId: string): Promise<void> {
  await findWebhook(state, webhookId);
  const { numDeletedRows } = await state.db.deleteFrom('webhook_clients').where('webhook_id', '=', webhookId).where('homey_id', '=', homeyId).executeTakeFirst();
  if (Number(numDeletedRows) === 0) throw notFound('Registration of this hub');
}

/** The hub's address as it registered it for any webhook: where direct delivery reaches it. */
export async function registeredAddress(state: Pick<WebhooksState, 'db'>, homeyId: string): Promise<string | null> {
  const row = await state.db.selectFrom('webhook_clients').select('callback_url').where('homey_id', '=', homeyId).where('callback_url', 'is not', null).orderBy('registered_at', 'desc').executeTakeFirst();
  return row?.callback_url ?? null;
}

/** A call of a webhook's public URL: the caller's headers (those of the call, not of its connection), query and JSON body. */
export interface WebhookCall {
  headers: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

/**
 * Hands a call to every registered hub whose data has the body's value at the webhook's keyPath (found by the
 * index on that value), as the hub's cloud manager's receiveWebhookCallback with the webhook's event and the call.
 * The caller is anyone: it is answered before the deliveries, with their count only, so that neither the answer nor
 * its timing tells which hub (or address) could be reached.
 */
export async function callWebhook(state: WebhooksState, webhookId: string, call: WebhookCall): Promise<WebhookCallResult> {
  const webhook = await findWebhook(state, webhookId);
  const key = keyValueAt(call.body, webhook.key_path);
  if (key === null) return { accepted: 0 };
  const clients = await state.db.selectFrom('webhook_clients').select('homey_id').where('webhook_id', '=', webhookId).where('key_value', '=', key).execute();
  for (const { homey_id } of clients) {
    const delivery = state.delivery
      .deliver(homey_id, 'cloud', 'receiveWebhookCallback', { id: webhookId, args: { event: webhook.fn, ...call } })
      .then(
        (outcome) => void (outcome.delivered || log.debug({ webhookId, hubId: homey_id }, 'A webhook call found its hub offline')),
        (error: unknown) => log.error({ err: error, webhookId, hubId: homey_id }, 'Delivering a webhook call failed'),
      )
      .finally(() => state.deliveries.delete(delivery));
    state.deliveries.add(delivery);
  }
  return { accepted: clients.length };
}
