/** The client library's public entry (seed 001). */
export { CloudAPI, type CloudAPIOptions } from './cloud/cloud-api.js';
export { CloudRegionAPI, type CloudRegionAPIOptions, type SystemStatus } from './cloud/region.js';
export { CloudUser, type CloudUserFields } from './cloud/user.js';
export { Token, type TokenFields } from './cloud/token.js';
export { StorageAdapter, MemoryStorageAdapter, BrowserStorageAdapter, type StoredState, type StoredHub } from './cloud/storage.js';
export type { CloudService, UserRecord } from './cloud/service.js';
export { discoverHub, ALL_STRATEGIES, type HubRecord, type Strategy } from './cloud/discovery.js';
export { HubAPI, type HubAPIOptions } from './hub/hub-api.js';
export { isFlowBroken, whyFlowIsBroken, type FlowLike } from './hub/flow-broken.js';
export { Device, CapabilityInstance } from './hub/device.js';
export type { RealtimeState, TransportEvent } from './hub/realtime.js';
export type { Args, CapabilityEvent, EventOf, HubUri, Item, ItemEvent, ItemType, Manager, ManagerEvent, Result } from './hub/types.js';
export { APIError, CloudAPIError, HubAPIError, NotFoundError, TimeoutError, messages } from './errors.js';
export * as constants from './constants.js';
