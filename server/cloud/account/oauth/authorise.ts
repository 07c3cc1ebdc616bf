import type { IncomingMessage, ServerResponse } from 'node:http';
import { operations } from '../../../../generated/cloud/account.operations.js';
import { ApiError } from '../../../http/errors.js';
import type { RawRoute } from '../../../http/router.js';
import type { Account } from '../context.js';
import { passwordSignIn } from '../sign-in.js';
import { findClient, grantedScopes, type Client } from './clients.js';
import { consentPage } from './consent-page.js';
import { consentCovers, issueConsentTicket, rememberConsent, takeConsentTicket } from './consents.js';
import { errorPage, SCRIPT_SOURCE, signInPage, type Hidden } from './page.js';
import { issueCode } from './tokens.js';
import { clientAddress } from '../../../http/client-address.js';

type Params = Record<string, unknown>;

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': `default-src 'none'; script-src ${SCRIPT_SOURCE}; connect-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`,
  'X-Frame-Options': 'DENY',
  // Not no-referrer: with it browsers send `Origin: null` even for the page's own form, which sentFromThisSite refuses.
  'Referrer-Policy': 'same-origin',
};

function sendPage(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...PAGE_HEADERS, ...headers, 'Content-Length': Buffer.byteLength(html) }).end(html);
}

/** A sign-in form posted from another site (cross-site request forgery): refused with a page saying so. */
class ForeignForm extends ApiError {
  constructor() {
    super(403, 'forbidden', 'This sign-in form was sent from another site. Open the sign-in page again from the app you came from.');
  }
}

/** An error shown on the page, because the redirect URI cannot be trusted (RFC 6749 §4.1.2.1). */
class PageError extends Error {}

/** An error sent back to the app's redirect URI with the state (RFC 6749 §4.1.2.1). */
class RedirectError extends Error {
  constructor(readonly code: string, description: string) {
    super(description);
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

interface Request {
  client: Client;
  redirectUri: string;
  state?: string;
  scopes: string[];
  codeChallenge: string | null;
  hidden: Hidden;
}

/**
 * Checks an authorization request: first what makes the redirect URI safe, then the rest, starting with the
 * contract's refusal (`invalid`), which goes back to the app as invalid_request.
 */
async function check(account: Account, params: Params, invalid?: ApiError): Promise<Request> {
  const clientId = text(params.client_id);
  const redirectUri = text(params.redirect_uri);
  if (!clientId || !redirectUri) throw new PageError('The app sent no client_id or redirect_uri.');
  const client = await findClient(account, clientId);
  if (!client) throw new PageError('This app is not registered.');
  if (!client.redirectUris.includes(redirectUri)) throw new PageError('This redirect address is not registered for the app.');
  if (invalid) throw new RedirectError('invalid_request', invalid.message);
  if (params.response_type !== 'code') throw new RedirectError('unsupported_response_type', 'response_type must be code');
  if (!client.grants.includes('authorization_code')) throw new RedirectError('unauthorized_client', 'This app may not use the authorization code grant');
  const codeChallenge = text(params.code_challenge) ?? null;
  if (codeChallenge !== null && params.code_challenge_method !== 'S256') throw new RedirectError('invalid_request', 'code_challenge_method must be S256');
  if (client.isPublic && codeChallenge === null) throw new RedirectError('invalid_request', 'This app must use PKCE: send code_challenge with code_challenge_method S256');
  let scopes: string[];
  try {
    scopes = grantedScopes(client, text(params.scope));
  } catch (error) {
    throw new RedirectError('invalid_scope', (error as Error).message);
  }
  const hidden: Hidden = { client_id: clientId, redirect_uri: redirectUri, response_type: 'code' };
  for (const name of ['state', 'scope', 'code_challenge', 'code_challenge_method']) hidden[name] = text(params[name]);
  return { client, redirectUri, state: text(params.state), scopes, codeChallenge, hidden };
}

/**
 * Whether the browser posted the form from this service's own page (a cross-site form signs a victim's browser in
 * to the attacker's account, or guesses passwords with it). Browsers say so by Sec-Fetch-Site, older ones by
 * Origin; a client without either is no browser, which nobody can forge a request from.
 */
function sentFromThisSite(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** The page's script asks for JSON: it replaces the page's history entry with the redirect itself. */
const wantsJson = (req: IncomingMessage) => /^application\/json\b/.test(req.headers.accept ?? '');

function redirect(req: IncomingMessage, res: ServerResponse, redirectUri: string, answer: Record<string, string | undefined>) {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(answer)) if (value !== undefined) url.searchParams.set(name, value);
  if (!wantsJson(req)) return void res.writeHead(303, { Location: url.href, 'Cache-Control': 'no-store' }).end();
  const body = JSON.stringify({ location: url.href });
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) }).end(body);
}

/** Runs `work`, turning a PageError into the error page and a RedirectError into a redirect to the app. */
async function guarded(req: IncomingMessage, res: ServerResponse, params: Params, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    if (error instanceof PageError) return sendPage(res, 400, errorPage(error.message));
    if (error instanceof RedirectError) {
      return redirect(req, res, String(params.redirect_uri), { error: error.code, error_description: error.message, state: text(params.state) });
    }
    throw error;
  }
}

/** A request the contract refused: shown on the page, or sent back to the app once its redirect URI is safe. */
const refuse = (account: Account, params: Params, error: ApiError, req: IncomingMessage, res: ServerResponse) =>
  guarded(req, res, params, () => check(account, params, error).then(() => undefined));

/** A form refused before it was read (another site's) or by the contract: the page saying why, or back to the app. */
const refuseForm = (account: Account): RawRoute['invalid'] => async (error, req, res) =>
  error instanceof ForeignForm ? sendPage(res, 403, errorPage(error.message)) : refuse(account, (req.body as Params) ?? {}, error, req, res);

/** GET /oauth2/authorise: the sign-in page of an authorization request. */
export function authorisePage(account: Account): RawRoute {
  return {
    api: 'account',
    spec: operations.authorise,
    async serve(req, res) {
      const params = req.query as Params;
      await guarded(req, res, params, async () => {
        const request = await check(account, params);
        sendPage(res, 200, signInPage(request.client.name, request.hidden));
      });
    },
    invalid: (error, req, res) => refuse(account, (req.query as Params) ?? {}, error, req, res),
  };
}

/**
 * A form of the sign-in pages: accepted from the pages themselves only (RFC 6749 §10.12), decided before it is read,
 * then checked against the authorization request it carries; what fails is a page or a redirect (`guarded`).
 */
function pageForm(account: Account, spec: RawRoute['spec'], handle: (req: IncomingMessage, res: ServerResponse, form: Record<string, string | undefined>, request: Request) => Promise<void>): RawRoute {
  return {
    api: 'account',
    spec,
    body: 'form',
    admit(req) {
      if (!sentFromThisSite(req)) throw new ForeignForm();
    },
    async serve(req, res) {
      const form = req.body as Record<string, string | undefined>;
      await guarded(req, res, form, async () => handle(req, res, form, await check(account, form)));
    },
    invalid: refuseForm(account),
  };
}

/** POST /oauth2/authorise: the page's form; the right password sends the browser back to the app with a code. */
export function authoriseSignIn(account: Account): RawRoute {
  return pageForm(account, operations.authoriseSignIn, async (req, res, form, request) => {
    const email = form.email ?? '';
    let userId: string | null;
    try {
      userId = await passwordSignIn(account, email, form.password ?? '', clientAddress(req));
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode !== 429) throw error;
      return sendPage(res, 429, signInPage(request.client.name, request.hidden, { message: error.message }, email), error.headers);
    }
    if (!userId) return sendPage(res, 200, signInPage(request.client.name, request.hidden, { message: 'Wrong e-mail address or password', wrongPassword: true }, email));
    if (!(await consentCovers(account, userId, request.client, request.scopes))) {
      const consent = await issueConsentTicket(account, { userId, clientId: request.client.id, redirectUri: request.redirectUri, scopes: request.scopes, codeChallenge: request.codeChallenge });
      return sendPage(res, 200, consentPage(request.client.name, request.scopes, { ...request.hidden, consent }));
    }
    await sendCode(account, req, res, request, userId);
  });
}

/** The redirect back to the app with a code for the signed-in user. */
async function sendCode(account: Account, req: IncomingMessage, res: ServerResponse, request: Request, userId: string): Promise<void> {
  const code = await issueCode(account, { client: request.client, userId, redirectUri: request.redirectUri, scopes: request.scopes, codeChallenge: request.codeChallenge });
  redirect(req, res, request.redirectUri, { code, state: request.state });
}

const sameScopes = (a: string[], b: string[]) => a.length === b.length && [...a].sort().every((scope, i) => scope === [...b].sort()[i]);

/**
 * POST /oauth2/authorise/consent: the consent page's Allow or Deny, with the ticket the sign-in issued for this very
 * request. Allow remembers the consent and sends a code back; Deny sends access_denied (RFC 6749 §4.1.2.1).
 */
export function authoriseConsent(account: Account): RawRoute {
  return pageForm(account, operations.authoriseConsent, async (req, res, form, request) => {
    const ticket = await takeConsentTicket(account, form.consent ?? '');
    const forThisRequest = ticket && ticket.clientId === request.client.id && ticket.redirectUri === request.redirectUri && ticket.codeChallenge === request.codeChallenge && sameScopes(ticket.scopes, request.scopes);
    if (!forThisRequest) throw new PageError('This consent page has expired or was made for another request: start again from the app.');
    if (form.decision !== 'allow') throw new RedirectError('access_denied', 'You did not allow the app to use your account');
    await rememberConsent(account, ticket.userId, request.client.id, request.scopes);
    await sendCode(account, req, res, request, ticket.userId);
  });
}
