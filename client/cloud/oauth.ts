import { CLOUD_CALL_TIMEOUT } from '../constants.js';
import { APIError, CloudAPIError, messages, redact, TimeoutError, homeyOffline } from '../errors.js';
import { fetchText } from '../http/deadline.js';
import { Token, type TokenFields } from './token.js';

/** The OAuth2 client a CloudAPI signs in as: confidential (with a secret) or public (PKCE, no secret). */
export interface OAuthClientOptions {
  /** The account service's base URL. */
  baseUrl: string;
  clientId: string;
  clientSecret?: string;
  redirectUrl?: string;
}

/** The grants of seed 001 §4, as the token endpoint's form fields (RFC 6749 §4). */
export type Grant =
  | { grant_type: 'authorization_code'; code: string; code_verifier?: string }
  | { grant_type: 'password'; username: string; password: string }
  | { grant_type: 'refresh_token'; refresh_token: string }
  | { grant_type: 'client_credentials' }
  | { grant_type: string; [field: string]: string | undefined };

/** Checks a grant's required fields before it is sent (seed 001 §5). */
function checkGrant(client: OAuthClientOptions, grant: Grant): void {
  const fields = grant as Record<string, unknown>;
  const need = (name: string, message: string) => {
    if (typeof fields[name] !== 'string' || !fields[name]) throw new TypeError(message);
  };
  need('grant_type', messages.missingGrantType);
  switch (grant.grant_type) {
    case 'authorization_code':
      need('code', messages.missingCode);
      if (!client.redirectUrl) throw new TypeError(messages.missingRedirectUrl);
      if (!client.clientSecret) need('code_verifier', messages.missingClientSecret);
      break;
    case 'password':
      need('username', messages.missingUsername);
      need('password', messages.missingPassword);
      break;
    case 'refresh_token':
      need('refresh_token', messages.missingRefreshToken);
      break;
    case 'client_credentials':
      if (!client.clientSecret) throw new TypeError(messages.missingClientSecret);
      break;
    default:
      if (Object.keys(fields).length < 2) throw new TypeError(messages.missingParams);
  }
}

/**
 * POST /oauth2/token, form-encoded, the client authenticated with HTTP Basic (or, for a public client, by its
 * client_id in the form). Failures read `error_description` or `error` with the status; an unreadable answer is
 * 'Invalid response from server'. The client secret never appears in an error.
 */
export async function requestToken(client: OAuthClientOptions, grant: Grant, scopes?: readonly string[]): Promise<Token> {
  checkGrant(client, grant);
  const form = new URLSearchParams(Object.entries(grant).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  if (grant.grant_type === 'authorization_code' && client.redirectUrl) form.set('redirect_uri', client.redirectUrl);
  if (scopes?.length) form.set('scope', scopes.join(','));
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
  if (client.clientSecret) headers.Authorization = `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`;
  else form.set('client_id', client.clientId);
  const fields = grant as Record<string, string | undefined>;
  const secrets = [client.clientSecret, fields.password, fields.refresh_token, fields.code_verifier];

  let response: Response;
  let text: string;
  try {
    ({ response, text } = await fetchText(new URL('/oauth2/token', client.baseUrl), { method: 'POST', headers, body: form }, CLOUD_CALL_TIMEOUT));
  } catch (error) {
    if (error instanceof TimeoutError) throw error;
    throw redact(homeyOffline((error as Error).message), secrets);
  }
  // The answer is read as the contract says it is; the Token constructor checks the one field it cannot do without.
  let body: TokenFields & { error?: unknown; error_description?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new APIError(messages.invalidServerResponse, response.status);
  }
  if (!response.ok) throw redact(new CloudAPIError({ error_description: body.error_description, error: body.error }, response.status, response.statusText), secrets);
  try {
    return new Token({ ...body, grant_type: grant.grant_type });
  } catch {
    throw new APIError(messages.invalidServerResponse, response.status);
  }
}

/** A PKCE pair (RFC 7636, S256) made with Web Crypto, so it works in browsers and Node alike. */
export async function createPkcePair(): Promise<{ verifier: string; challenge: string }> {
  const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return { verifier, challenge: base64url(digest) };
}
