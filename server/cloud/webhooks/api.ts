import * as manifest from '../../../generated/cloud/webhooks.operations.js';
import type { operations } from '../../../generated/cloud/webhooks.js';
import { defineApi, type Guard } from '../../http/api.js';
import { ApiError, forbidden } from '../../http/errors.js';
import { hubOfSecret } from '../hub-secret.js';
import { queryTokenGuard, queryTokenUser } from '../query-token.js';
import type { HubCaller } from '../hub-secret.js';
import type { WebhooksContext, WebhooksState } from './context.js';
import * as webhooks from './webhooks.js';

const developerCalls = queryTokenGuard<WebhooksContext>();

/** The hub named by the path calls, with its credential as bearer token. */
const pathHubCalls: Guard<WebhooksContext> = (path, context) => {
  if ((context.session as HubCaller | null)?.hubId !== path.homeyId) throw forbidden("A hub unregisters only itself: homeyId is not the credential's hub");
};

/** The credential a hub registers with (in the body, as the reference has it) must be this deployment's, for that hub. */
function requireHubCredential(state: WebhooksState, secret: string, homeyId: string): void {
  const hubId = state.hubSecretKey ? hubOfSecret(state.hubSecretKey, secret) : null;
  if (!hubId) throw new ApiError(401, 'invalid_secret', 'The secret is not a hub credential of this deployment');
  if (hubId !== homeyId) throw forbidden("A hub registers only itself: homeyId is not the secret's hub");
}

export const webhooksApi = defineApi<operations, typeof manifest.operations, WebhooksContext>(
  manifest,
  {
    getWebhooks: (_args, context) => webhooks.listWebhooks(context.service, queryTokenUser(context)),
    createWebhook: ({ name, fn, keyPath }, context) => webhooks.createWebhook(context.service, queryTokenUser(context), { name, fn, keyPath }),
    getWebhook: ({ webhookId }, context) => webhooks.getWebhook(context.service, queryTokenUser(context), webhookId),
    updateWebhook: ({ webhookId, name, fn, keyPath }, context) => webhooks.updateWebhook(context.service, queryTokenUser(context), webhookId, { name, fn, keyPath }),
    deleteWebhook: ({ webhookId }, context) => webhooks.deleteWebhook(context.service, queryTokenUser(context), webhookId),
    callWebhook: ({ webhookId, body }, { service }) => webhooks.callWebhook(service, webhookId, body ?? {}),
    registerWebhookClient: ({ webhookId, homeyId, secret, data, callback_url }, { service }) => {
      requireHubCredential(service, secret, homeyId);
      return webhooks.registerClient(service, webhookId, homeyId, data, callback_url);
    },
    unregisterWebhookClient: ({ webhookId, homeyId }, { service }) => webhooks.unregisterClient(service, webhookId, homeyId),
  },
  {
    guards: {
      getWebhooks: developerCalls,
      createWebhook: developerCalls,
      getWebhook: developerCalls,
      updateWebhook: developerCalls,
      deleteWebhook: developerCalls,
      unregisterWebhookClient: pathHubCalls,
    },
  },
);
