import type { IncomingMessage } from 'node:http';
import { operations } from '../../../../generated/cloud/account.operations.js';
import type { RawRoute } from '../../../http/router.js';
import type { Account } from '../context.js';
import { passwordSignIn } from '../sign-in.js';
import { authenticateClient, grantedScopes, GRANTS, type Client, type Grant } from './clients.js';
import { oauthError } from './errors.js';
import { basicCredentials } from './basic.js';
import { issueTokens, redeemCode, refresh, type TokenAnswer } from './tokens.js';
import { clientAddress } from '../../../http/client-address.js';

type Form = Record<string, string | undefined>;

const required = (form: Form, name: string): string => {
  const value = form[name];
  if (!value) throw oauthError.invalidRequest(`Missing parameter: ${name}`);
  return value;
};

/** The client, by HTTP Basic or by client_id (and client_secret) in the form, never both ways. */
async function clientOf(account: Account, req: IncomingMessage, form: Form): Promise<Client> {
  const header = req.headers.authorization;
  if (header !== undefined) {
    const basic = basicCredentials(header);
    if (!basic) throw oauthError.invalidClient();
    if (form.client_secret !== undefined || (form.client_id !== undefined && form.client_id !== basic.id)) {
      throw oauthError.invalidRequest('Authenticate the client one way: HTTP Basic or client_id and client_secret in the body');
    }
    return authenticateClient(account, basic.id, basic.secret);
  }
  return authenticateClient(account, required(form, 'client_id'), form.client_secret);
}

async function passwordGrant(account: Account, client: Client, form: Form, remoteAddress: string): Promise<TokenAnswer> {
  const username = required(form, 'username');
  const password = required(form, 'password');
  const scopes = grantedScopes(client, form.scope);
  const userId = await passwordSignIn(account, username, password, remoteAddress);
  if (!userId) throw oauthError.invalidGrant('Wrong username or password');
  return issueTokens(account, { client, userId, scopes });
}

/**
 * An extension grant (RFC 6749 §4.5): given the token request of a client registered for it, the user it signs in
 * (null for none), or an oauthError (invalid_grant ...). The scopes are the client's, narrowed by `scope`.
 */
export type ExtensionGrant = (request: { account: Account; client: Client; form: Form; remoteAddress: string }) => Promise<{ userId: string | null }>;

async function grant(account: Account, client: Client, form: Form, remoteAddress: string, extensions: ReadonlyMap<string, ExtensionGrant>): Promise<TokenAnswer> {
  const type = form.grant_type as Grant;
  if (!client.grants.includes(type)) throw oauthError.unauthorizedClient(type);
  const extension = extensions.get(type);
  if (extension) {
    const scopes = grantedScopes(client, form.scope);
    const { userId } = await extension({ account, client, form, remoteAddress });
    return issueTokens(account, { client, userId, scopes });
  }
  switch (type) {
    case 'authorization_code':
      return redeemCode(account, client, required(form, 'code'), form.redirect_uri, form.code_verifier);
    case 'refresh_token':
      return refresh(account, client, required(form, 'refresh_token'), form.scope);
    case 'client_credentials':
      return issueTokens(account, { client, userId: null, scopes: grantedScopes(client, form.scope) });
    case 'password':
      return passwordGrant(account, client, form, remoteAddress);
    default:
      throw oauthError.unsupportedGrantType(type);
  }
}

/** POST /oauth2/token (RFC 6749 §3.2): a form, answered with tokens or a §5.2 error, never cached. */
export function tokenEndpoint(account: Account, extensions: ReadonlyMap<string, ExtensionGrant> = new Map()): RawRoute {
  return {
    api: 'account',
    spec: operations.getAccessToken,
    body: 'form',
    async serve(req, res) {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Pragma', 'no-cache');
      const form = (req.body ?? {}) as Form;
      const client = await clientOf(account, req, form);
      const type = required(form, 'grant_type');
      if (!(GRANTS as readonly string[]).includes(type) && !extensions.has(type)) throw oauthError.unsupportedGrantType(type);
      res.json(await grant(account, client, form, clientAddress(req), extensions));
    },
  };
}
