import type { Listeners } from '../../http/listeners.js';
import type { Hub } from '../core/context.js';
import { news } from '../core/service.js';

/** A webhook call: its event name and the caller's tag (empty when none was given). */
export interface WebhookCall {
  event: string;
  tag: string;
}

declare module '../core/context.js' {
  interface Hub {
    /** Webhook calls to the hub, for in-process listeners (the webhook calls service's). */
    webhookCalls: Listeners<WebhookCall>;
    /** Relayed calls of registered cloud webhooks, for their owners (the cloud webhook calls service's). */
    cloudWebhookCalls: Listeners<CloudWebhookCall>;
  }
}

/** The logic manager's news of webhook calls, started before the flow cards that trigger on it. */
export const webhookCalls = news('webhookCalls', 'webhook calls');

/** Calls `listener` on every webhook call to this hub (for the flow engine's webhook trigger); returns the unsubscribe. */
export const onWebhook = (hub: Pick<Hub, 'webhookCalls'>, listener: (call: WebhookCall) => void): (() => void) => hub.webhookCalls.add(listener);

export const callWebhook = (hub: Pick<Hub, 'webhookCalls'>, call: WebhookCall): void => hub.webhookCalls.tell(call);

/** A webhook call the cloud relayed (cloud manager): the registered webhook's id and what its caller sent. */
export interface CloudWebhookCall {
  id: string;
  args: Record<string, unknown>;
}

/** The news of relayed cloud webhook calls, started before the apps that register them. */
export const cloudWebhookCalls = news('cloudWebhookCalls', 'cloud webhook calls');

/** Calls `listener` on every relayed call of a registered cloud webhook (for its owner); returns the unsubscribe. */
export const onCloudWebhook = (hub: Pick<Hub, 'cloudWebhookCalls'>, listener: (call: CloudWebhookCall) => void): (() => void) => hub.cloudWebhookCalls.add(listener);

export const callCloudWebhook = (hub: Pick<Hub, 'cloudWebhookCalls'>, call: CloudWebhookCall): void => hub.cloudWebhookCalls.tell(call);
