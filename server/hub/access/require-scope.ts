import { ApiError } from '../../http/errors.js';
import { hasScope } from '../../../client/scopes.js';
import type { Guard } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { callerOf } from '../users/users.js';

/**
 * A guard for the operations the public API lists without a scope that still change something only some may
 * change: the caller's token must grant `scope`, refused as the dispatcher refuses a missing scope.
 */
export const requireScope = (scope: string): Guard<HubContextOf<never>> => (_path, context) => {
  if (!hasScope(callerOf(context).scopes, scope)) {
    throw new ApiError(403, 'insufficient_scope', `Missing scope: ${scope}`, {
      'WWW-Authenticate': `Bearer realm="homey", error="insufficient_scope", scope="${scope}"`,
    });
  }
};
