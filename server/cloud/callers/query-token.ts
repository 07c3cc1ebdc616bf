import type { Guard, Session } from '../../http/api.js';
import { ApiError } from '../../http/errors.js';
import type { CloudSession, VerifyAccessToken } from './identity.js';

/** What a service whose callers send their delegation token in the query holds to verify it. */
export interface QueryTokenState {
  verifyToken: VerifyAccessToken;
}

/**
 * The guard of an operation whose caller sends a delegation token of the service's audience as `?token=` (the
 * reference's backup and webhook rows) rather than as bearer token: the token becomes the call's session, checked
 * as a bearer token is (401 missing, expired or of another audience, saying which).
 */
export function queryTokenGuard<Context extends { session: Session | null; service: QueryTokenState }>(): Guard<Context> {
  return async (_path, context, query) => {
    const token = query?.token;
    if (typeof token !== 'string' || !token) throw new ApiError(401, 'unauthorized', "Missing token: send your delegation token of this service's audience as ?token=");
    const session = await context.service.verifyToken(token);
    if (!session) throw new ApiError(401, 'invalid_token', 'The access token is invalid or expired');
    context.session = session;
  };
}

/** The user a query-token guard admitted. */
export function queryTokenUser(context: { session: Session | null }): string {
  const session = context.session as Partial<CloudSession> | null;
  const userId = session?.userId;
  if (!userId) throw new Error('queryTokenUser needs an operation guarded by queryTokenGuard');
  return userId;
}
