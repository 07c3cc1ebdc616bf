import type { Hub } from '../core/context.js';
import { awaitOAuth2Code } from './cloud.js';

const REGISTER_TIMEOUT_MS = 10_000;
/** How long a sign-in waits when the service names no end (it keeps registrations an hour). */
const DEFAULT_WAIT_MS = 60 * 60_000;

/** An app's sign-in with a provider, started: the URL the user opens, and the cancel (the app stopped). */
export interface OAuth2SignIn {
  url: string;
  cancel(): void;
}

/**
 * Starts an app's OAuth2 sign-in (`homey.cloud.createOAuth2Callback(apiUrl)`): the hub registers the provider's
 * authorization URL with the cloud's callback service (with its credential) and waits for the code under the
 * token the service answered; the code comes back through the connect service (receiveOAuth2Callback). Rejects
 * with a message for the app when the hub has no callback service or the service refuses.
 */
export async function startOAuth2SignIn(hub: Hub, appId: string, apiUrl: string, onCode: (code: string) => void): Promise<OAuth2SignIn> {
  const { callbackUrl, hubSecret } = hub.config;
  if (!callbackUrl || !hubSecret) throw new Error('This Homey has no cloud callback service: OAuth2 sign-ins need one');
  let response: Response;
  try {
    response = await fetch(`${callbackUrl.replace(/\/+$/, '')}/oauth2`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${hubSecret}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ callback_url: apiUrl }),
      signal: AbortSignal.timeout(REGISTER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`The cloud callback service cannot be reached: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => ({}))) as { url?: string; token?: string; expiresAt?: string; error_description?: string };
  if (!response.ok || !body.url || !body.token) throw new Error(`The cloud callback service refused the sign-in: ${body.error_description ?? response.status}`);
  // The sign-in waits as long as the service keeps its registration, then no code can come any more.
  let cancelTimer = () => {};
  const stopWaiting = awaitOAuth2Code(hub, appId, body.token, (code) => {
    cancelTimer();
    onCode(code);
  });
  const expires = Date.parse(body.expiresAt ?? '');
  cancelTimer = hub.clock.at(Number.isNaN(expires) ? hub.now() + DEFAULT_WAIT_MS : expires, stopWaiting);
  return {
    url: body.url,
    cancel() {
      cancelTimer();
      stopWaiting();
    },
  };
}
