import { badRequest, conflict, notFound } from '../../http/errors.js';
import { log } from '../../http/log.js';
import type { Hub } from '../core/context.js';
import { registerWebhook, unregisterWebhook } from './cloud.js';

const SERVICE_TIMEOUT_MS = 10_000;

/** A registration for a developer's cloud webhook: its id, who on the hub hears its calls, and the data that selects them. */
export interface CloudWebhookRegistration {
  id: string;
  name: string;
  ownerUri: string;
  data: Record<string, unknown>;
}

function webhooksService(hub: Hub): { base: string; secret: string } {
  const { webhooksUrl, hubSecret } = hub.config;
  if (!webhooksUrl || !hubSecret) throw new Error('This Homey has no cloud webhooks service: webhooks need one');
  return { base: webhooksUrl.replace(/\/+$/, ''), secret: hubSecret };
}

/** The service's answer to the hub's registration of webhook `id` (registerWebhookClient / unregisterWebhookClient). */
async function callService(hub: Hub, id: string, init: RequestInit): Promise<Response> {
  const { base } = webhooksService(hub);
  try {
    return await fetch(`${base}/webhook/${encodeURIComponent(id)}/${hub.id}`, { ...init, signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS) });
  } catch (error) {
    throw new Error(`The cloud webhooks service cannot be reached: ${(error as Error).message}`);
  }
}

/**
 * The service calls for each webhook of each hub, one after the other: an app that restarts unregisters (as it
 * stops) and registers again (as it starts), which must reach the service in that order.
 */
function inTurn<T>(hub: Hub, id: string, work: () => Promise<T>): Promise<T> {
  const queue = hub.cloudCalls.webhookTurns;
  const done = (queue.get(id) ?? Promise.resolve()).catch(() => undefined).then(work);
  queue.set(id, done);
  const forget = () => queue.get(id) === done && queue.delete(id);
  done.then(forget, forget);
  return done;
}

async function refusal(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { error_description?: unknown };
  return typeof body.error_description === 'string' ? body.error_description : `it answered ${response.status}`;
}

/** A webhook of the hub held by another owner is no one else's to take or drop. */
function requireOwnerOrFree(hub: Hub, id: string, ownerUri: string): void {
  const held = hub.store.get('webhook', id);
  if (held && held.ownerUri !== ownerUri) throw conflict(`The webhook ${id} is registered by ${held.ownerUri}`);
}

/**
 * Registers the hub with the cloud webhooks service for webhook `id` with `data` (its credential proves which hub;
 * `publicUrl`, when set, is where the service may call it directly), then on the hub for its owner, so that the
 * calls the service relays (receiveWebhookCallback) reach the owner. Registering again replaces the data.
 */
export async function registerCloudWebhook(hub: Hub, registration: CloudWebhookRegistration): Promise<void> {
  const { id, name, ownerUri, data } = registration;
  if (!id) throw badRequest('A webhook needs the id the developer was given');
  requireOwnerOrFree(hub, id, ownerUri);
  const { secret } = webhooksService(hub);
  const { publicUrl } = hub.config;
  const response = await inTurn(hub, id, () => callService(hub, id, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ secret, data, ...(publicUrl ? { callback_url: publicUrl } : {}) }),
  }));
  if (!response.ok) throw new Error(`The cloud webhooks service refused the webhook ${id}: ${await refusal(response)}`);
  requireOwnerOrFree(hub, id, ownerUri);
  if (hub.store.get('webhook', id)) hub.store.save('webhook', { id, name, ownerUri });
  else registerWebhook(hub, { id, name, ownerUri });
}

/** Unregisters the owner's webhook `id`: at once on the hub, then with the service (which has forgotten it already: done). */
export async function unregisterCloudWebhook(hub: Hub, id: string, ownerUri: string): Promise<void> {
  if (hub.store.get('webhook', id)?.ownerUri !== ownerUri) throw notFound(`Webhook ${id}`);
  unregisterWebhook(hub, id);
  const { secret } = webhooksService(hub);
  const response = await inTurn(hub, id, () => callService(hub, id, { method: 'DELETE', headers: { Authorization: `Bearer ${secret}`, Accept: 'application/json' } }));
  if (!response.ok && response.status !== 404) throw new Error(`The cloud webhooks service refused to unregister the webhook ${id}: ${await refusal(response)}`);
}

/**
 * The owner stopped (an app stopped, crashed or was removed): its webhooks go from the hub, and with `fromCloud`
 * from the service too, best effort. A hub shutting down keeps them with the service: its apps register again.
 */
export function releaseWebhooks(hub: Hub, ownerUri: string, { fromCloud }: { fromCloud: boolean }): void {
  for (const webhook of hub.store.values('webhook')) {
    if (webhook.ownerUri !== ownerUri) continue;
    if (!fromCloud) {
      unregisterWebhook(hub, webhook.id);
      continue;
    }
    unregisterCloudWebhook(hub, webhook.id, ownerUri).catch((error: Error) => log.warn({ err: error, webhookId: webhook.id }, 'A webhook could not be unregistered from the cloud'));
  }
}
