import { listenersPer } from '../../http/listeners.js';
import type { HubCore } from '../core/context.js';

/** A webhook call: its event name and the caller's tag (empty when none was given). */
export interface WebhookCall {
  event: string;
  tag: string;
}

const webhookListeners = listenersPer<HubCore, WebhookCall>('webhook calls');

/** Calls `listener` on every webhook call to this hub (for the flow engine's webhook trigger); returns the unsubscribe. */
export const onWebhook = (hub: HubCore, listener: (call: WebhookCall) => void): (() => void) => webhookListeners(hub).add(listener);

export const callWebhook = (hub: HubCore, call: WebhookCall): void => webhookListeners(hub).tell(call);

/** A webhook call the cloud relayed (cloud manager): the registered webhook's id and what its caller sent. */
export interface CloudWebhookCall {
  id: string;
  args: Record<string, unknown>;
}

const cloudWebhookListeners = listenersPer<HubCore, CloudWebhookCall>('cloud webhook calls');

/** Calls `listener` on every relayed call of a registered cloud webhook (for its owner); returns the unsubscribe. */
export const onCloudWebhook = (hub: HubCore, listener: (call: CloudWebhookCall) => void): (() => void) => cloudWebhookListeners(hub).add(listener);

export const callCloudWebhook = (hub: HubCore, call: CloudWebhookCall): void => cloudWebhookListeners(hub).tell(call);
