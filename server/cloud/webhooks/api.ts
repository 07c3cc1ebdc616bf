import * as manifest from '../../../generated/cloud/webhooks.operations.js';
import type { operations } from '../../../generated/cloud/webhooks.js';
import { defineGuardedApi, type Guard } from '../../http/api.js';
import { ApiError, forbidden } from '../../http/errors.js';
import type { RawRoute } from '../../http/router.js';
import { hubOfSecret } from '../callers/hub-secret.js';
import { queryTokenGuard, queryTokenUser } from '../callers/query-token.js';
import type { HubCaller } from '../callers/hub-secret.js';
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

/** A webhook's public URL is answered by a raw route (below): its caller's query and headers go with the call. */
const { callWebhook: _public, ...dispatched } = manifest.operations;

export const webhooksApi = defineGuardedApi<operations, typeof dispatched, WebhooksContext>(
  { manager: manifest.manager, operations: dispatched },
  {
    getWebhooks: { guard: developerCalls, handle: (_args, context) => webhooks.listWebhooks(context.service, queryTokenUser(context)) },
    createWebhook: { guard: developerCalls, handle: ({ name, fn, keyPath }, context) => webhooks.createWebhook(context.service, queryTokenUser(context), { name, fn, keyPath }) },
    getWebhook: { guard: developerCalls, handle: ({ webhookId }, context) => webhooks.getWebhook(context.service, queryTokenUser(context), webhookId) },
    updateWebhook: { guard: developerCalls, handle: ({ webhookId, name, fn, keyPath }, context) => webhooks.updateWebhook(context.service, queryTokenUser(context), webhookId, { name, fn, keyPath }) },
    deleteWebhook: { guard: developerCalls, handle: ({ webhookId }, context) => webhooks.deleteWebhook(context.service, queryTokenUser(context), webhookId) },
    registerWebhookClient: ({ webhookId, homeyId, secret, data, callback_url }, { service }) => {
      requireHubCredential(service, secret, homeyId);
      return webhooks.registerClient(service, webhookId, homeyId, data, callback_url);
    },
    unregisterWebhookClient: { guard: pathHubCalls, handle: ({ webhookId, homeyId }, { service }) => webhooks.unregisterClient(service, webhookId, homeyId) },
  },
);

/** Headers of a hop or of the caller's browser session, not of the call: they do not go to hubs. */
const UNFORWARDED_HEADERS = new Set(['host', 'connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'content-length', 'cookie']);

/** POST /webhook/{webhookId}: anyone's call, handed to the matching hubs with its headers, query and body. */
export function callWebhookRoute(state: WebhooksState): RawRoute {
  return {
    api: 'webhooks',
    spec: manifest.operations.callWebhook,
    body: 'json',
    async serve(req, res) {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !UNFORWARDED_HEADERS.has(name)));
      // Express types both loosely; the validator has checked the body against the contract (an object).
      const call = { headers, query: req.query as Record<string, unknown>, body: (req.body ?? {}) as Record<string, unknown> };
      res.json(await webhooks.callWebhook(state, String(req.params.webhookId), call));
    },
  };
}
