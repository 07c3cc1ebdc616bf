import * as manifest from '../../../generated/hub/cloud.operations.js';
import type { operations } from '../../../generated/hub/cloud.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { cloudState, receiveOAuth2Callback, receiveWebhookCallback } from './cloud.js';

export const cloud = defineApi<operations, typeof manifest.operations, HubContextOf<'cloudCalls' | 'cloudWebhookCalls' | 'webhookCalls'>>(manifest, {
  getState: (_args, { hub }) => cloudState(hub),
  receiveOAuth2Callback: ({ app, token, code }, { hub }) => receiveOAuth2Callback(hub, app, token, code),
  receiveWebhookCallback: ({ id, args = {} }, { hub }) => receiveWebhookCallback(hub, id, args),
});
