import type { Middleware } from 'openapi-fetch';

export interface Credentials {
  token: string;
  /** Sent as X-Homey-ID on hub calls, so a proxy or a hub can tell which hub the call is for. */
  homeyId?: string;
}

/** Adds `Authorization: Bearer <token>` (and the hub id) to every request. */
export function auth(credentials: Credentials): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${credentials.token}`);
      if (credentials.homeyId) request.headers.set('X-Homey-ID', credentials.homeyId);
      return request;
    },
  };
}
