import * as manifest from '../../../generated/cloud/callback.operations.js';
import type { operations } from '../../../generated/cloud/callback.js';
import { defineGuardedApi, scopesSuffice } from '../../http/api.js';
import { escapeHtml, htmlLayout } from '../../http/html-page.js';
import type { RawRoute } from '../../http/router.js';
import { receiveCode, registerCallback, type ProviderRedirect } from './callbacks.js';
import type { HubCaller } from '../callers/hub-secret.js';
import type { CallbackContext, CallbackState } from './context.js';

/** The provider's redirect lands on a page (raw route below); the registration is dispatched. */
const { receiveOAuth2Code: _landing, ...dispatched } = manifest.operations;

export const callbackApi = defineGuardedApi<operations, typeof dispatched, CallbackContext>(
  { manager: manifest.manager, operations: dispatched },
  {
    registerCallbackUrl: {
      guard: scopesSuffice,
      handle: ({ callback_url }, { service, session }) => registerCallback(service, (session as HubCaller).hubId, callback_url),
    },
  },
);

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  // The page's URL carries the code: it goes to no other site.
  'Referrer-Policy': 'no-referrer',
};

function landingPage(status: number, message: string): string {
  const title = status === 200 ? 'Signed in' : 'Sign-in failed';
  return htmlLayout(title, `<h1>${title}</h1>\n<p${status === 200 ? '' : ' role="alert"'}>${escapeHtml(message)}</p>`);
}

/** GET /oauth2/callback: the browser back from the provider; the code goes to the hub, the page says how it went. */
export function landingRoute(state: CallbackState): RawRoute {
  const send = (res: Parameters<RawRoute['serve']>[1], status: number, message: string) => {
    const html = landingPage(status, message);
    res.writeHead(status, { ...PAGE_HEADERS, 'Content-Length': Buffer.byteLength(html) }).end(html);
  };
  return {
    api: 'callback',
    spec: manifest.operations.receiveOAuth2Code,
    async serve(req, res) {
      // Express types the query loosely; the validator has checked it against the contract's parameters.
      const { status, message } = await receiveCode(state, req.query as unknown as ProviderRedirect);
      send(res, status, message);
    },
    // A redirect without its state (or with parameters beyond their sizes) still lands on a page.
    invalid: async (error, _req, res) => send(res, 400, `This is not a sign-in link the provider sent: ${error.message}`),
  };
}
