import type { components } from '../../../generated/hub/cloud.js';
import { notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import type { HubService, Nothing } from '../core/service.js';
import { callCloudWebhook, callWebhook } from '../logic/webhooks.js';

export type Webhook = components['schemas']['Webhook'];

export function cloudState(hub: HubCore): components['schemas']['CloudState'] {
  return {
    configured: Boolean(hub.config.cloudPublicKey),
    cloudId: hub.id,
    sharedSecretConfigured: Boolean(hub.config.cloudSharedSecret),
    webhooks: { ...hub.store.list('webhook') },
  };
}

/** Registers a cloud webhook for its owner (an app, a manager); `webhook.create` goes out. */
export const registerWebhook = (hub: Hub, webhook: Webhook): Webhook => hub.store.insert('webhook', webhook);

export function unregisterWebhook(hub: Hub, id: string): void {
  hub.store.require('webhook', id, 'Webhook');
  hub.store.remove('webhook', id);
}

/** Who registers the webhooks whose calls start flows (the webhook trigger card). */
export const FLOW_WEBHOOKS_OWNER = 'homey:manager:logic';

/**
 * Relays a call of a registered webhook to its owner; an unknown webhook is a 404. The logic manager's webhooks
 * start the flows whose webhook trigger listens to the call's `event` (the cloud webhook's fn), with the `tag` of
 * the call's query (`?tag=`, as on the local webhook URL) when it has one.
 */
export function receiveWebhookCallback(hub: HubCore & Pick<Hub, 'cloudWebhookCalls' | 'webhookCalls'>, id: string, args: Record<string, unknown>): void {
  const webhook = hub.store.require('webhook', id, 'Webhook');
  callCloudWebhook(hub, { id, args });
  if (webhook.ownerUri !== FLOW_WEBHOOKS_OWNER || typeof args.event !== 'string') return;
  const tag = (args.query as Record<string, unknown> | undefined)?.tag;
  callWebhook(hub, { event: args.event, tag: typeof tag === 'string' ? tag : '' });
}

type CodeListener = (code: string) => void;

/** The hub's calls to and from the cloud in progress: in memory, as the sign-ins and registrations themselves are. */
export interface CloudCalls {
  /** Sign-ins waiting for their OAuth2 code, by token (random, one per sign-in), with the app that waits. */
  signIns: Map<string, { app: string; listener: CodeListener }>;
  /** The last call to the webhooks service for each webhook id, that the next waits for (webhooks.ts). */
  webhookTurns: Map<string, Promise<unknown>>;
}

declare module '../core/context.js' {
  interface Hub {
    /** The hub's calls to and from the cloud in progress (the cloud calls service's). */
    cloudCalls: CloudCalls;
  }
}

/** Holds the calls in progress; the apps' sign-ins are cancelled as their apps stop, before it. */
export const cloudCalls: HubService<Nothing, { cloudCalls: CloudCalls }> = {
  name: 'cloud calls',
  start: () => ({ gives: { cloudCalls: { signIns: new Map(), webhookTurns: new Map() } } }),
};

const waitingOf = (hub: HubCore & Pick<Hub, 'cloudCalls'>) => hub.cloudCalls.signIns;

/** An app's sign-in waits for the code the cloud relays under `token`; returns the cancel. */
export function awaitOAuth2Code(hub: Hub, app: string, token: string, listener: CodeListener): () => void {
  const entry = { app, listener };
  waitingOf(hub).set(token, entry);
  return () => {
    if (waitingOf(hub).get(token) === entry) waitingOf(hub).delete(token);
  };
}

/** Hands the code to the sign-in waiting for it, once; a token no sign-in (of `app`, when named) waits for is a 404. */
export function receiveOAuth2Callback(hub: HubCore & Pick<Hub, 'cloudCalls'>, app: string | undefined, token: string, code: string): void {
  const entry = waitingOf(hub).get(token);
  if (!entry || (app !== undefined && entry.app !== app)) throw notFound('OAuth2 sign-in');
  waitingOf(hub).delete(token);
  entry.listener(code);
}
