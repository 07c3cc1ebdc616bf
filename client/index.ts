/** The client library's public entry (seed 001). */
export { HubAPI, type HubAPIOptions } from './hub/hub-api.js';
export type { RealtimeState } from './hub/realtime.js';
export type { Args, CapabilityEvent, EventOf, HubUri, Item, ItemEvent, ItemType, Manager, ManagerEvent, Result } from './hub/types.js';
export { APIError, HubAPIError, TimeoutError, messages } from './errors.js';
export * as constants from './constants.js';
