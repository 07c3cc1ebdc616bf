import { forbidden } from '../../../http/errors.js';
import type { Hub } from '../../core/context.js';

/** How the hub answers one kind of an SDK v3 app's requests (sdk/host.cjs): with a value, or by throwing its refusal. */
export type SdkRequest = (hub: Hub, appId: string, args: Record<string, unknown>) => unknown;
export type SdkRequests = Record<string, SdkRequest>;

/** Refuses (403) what needs a permission the app's app.json does not ask for. */
export function requirePermission(hub: Hub, appId: string, permission: string): void {
  const permissions = hub.apps.packages.get(appId)?.manifest.permissions ?? [];
  if (!permissions.includes(permission)) throw forbidden(`${appId} needs the permission ${permission}`);
}
