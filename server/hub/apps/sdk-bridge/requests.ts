import type { Hub } from '../../core/context.js';

/** How the hub answers one kind of an SDK v3 app's requests (sdk/host.cjs): with a value, or by throwing its refusal. */
export type SdkRequest = (hub: Hub, appId: string, args: Record<string, unknown>) => unknown;
export type SdkRequests = Record<string, SdkRequest>;
