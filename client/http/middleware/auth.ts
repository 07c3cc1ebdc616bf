import type { Middleware } from 'openapi-fetch';

export interface Credentials {
  /** The bearer token, or a function that reads the current one (it changes when a session is refreshed). */
  token: string | (() => string | undefined);
  /** Gets a token when a request is about to go without one (a delegation token is asked for at the first call). */
  obtain?: () => Promise<void>;
  /** Sent as X-Homey-ID on hub calls, so a proxy or a hub can tell which hub the call is for. */
  homeyId?: string;
}

export const currentToken = ({ token }: Credentials) => (typeof token === 'function' ? token() : token);

/** Adds `Authorization: Bearer <token>` (and the hub id) to every request; without a token (none to obtain), nothing. */
export function auth(credentials: Credentials): Middleware {
  const authorize = (request: Request) => {
    const token = currentToken(credentials);
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    if (credentials.homeyId) request.headers.set('X-Homey-ID', credentials.homeyId);
    return request;
  };
  return {
    onRequest({ request }) {
      if (!currentToken(credentials) && credentials.obtain) return credentials.obtain().then(() => authorize(request));
      return authorize(request);
    },
  };
}
