import * as manifest from '../../../generated/hub/flowtoken.operations.js';
import type { operations } from '../../../generated/hub/flowtoken.js';
import { defineApi } from '../../http/api.js';
import { notFound } from '../../http/errors.js';
import type { Hub, HubContextOf, HubCore } from '../core/context.js';
import { allTokens, findToken, type FlowToken } from './tokens.js';

const requireToken = (hub: HubCore & Pick<Hub, 'appFlowTokens'>, id: string): FlowToken => {
  const token = findToken(hub, id);
  if (!token) throw notFound('Flow token');
  return token;
};

/** Tokens are derived from devices, variables and apps' registrations, not stored: every read derives them. */
export const flowtoken = defineApi<operations, typeof manifest.operations, HubContextOf<'appFlowTokens'>>(manifest, {
  getState: (_args, { hub }) => ({ tokenCount: allTokens(hub).length }),
  getFlowTokens: (_args, { hub }) => Object.fromEntries(allTokens(hub).map((token) => [token.id, token])),
  getFlowToken: ({ id }, { hub }) => requireToken(hub, id),
  getFlowTokenValue: ({ id }, { hub }) => requireToken(hub, id).value,
});
