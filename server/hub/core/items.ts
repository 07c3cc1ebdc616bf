import type { HubItemSchemas } from '../../../generated/hub/index.js';
import type { ItemStore, ItemType } from './item-store.js';
import type { StoredAdvancedFlow } from '../flow/advanced-flows.js';
import type { StoredFlow } from '../flow/flows.js';
import type { StoredLog } from '../insights/insights.js';
import type { SessionItem } from '../access/sessions.js';

/**
 * Realtime item types that are never stored: the managers make them on each read (drivers, capabilities, flow cards
 * and tokens, app widgets, energy reports) or keep them in tables of their own (a log's entries).
 */
type Unstored =
  | 'appwidget'
  | 'capability'
  | 'driver'
  | `energyreport${'hour' | 'day' | 'week' | 'month' | 'year'}`
  | `flowcard${'trigger' | 'condition' | 'action'}`
  | 'flowtoken'
  | 'logentryboolean';

/** The item types the store keeps in another shape than the API answers: their stored shape is named below. */
type Reshaped = 'flow' | 'advancedflow' | 'log' | 'session';

/**
 * Every item the hub stores, by realtime item type: the contract's schema of that type (generated from the
 * `x-item-type` schemas), except the few the store keeps in another shape than the API answers.
 */
export interface HubItems extends Omit<HubItemSchemas, Unstored | Reshaped> {
  /** Without `broken` and `triggerable`: reads and events compute them from the home's cards (flow-views.ts). */
  flow: StoredFlow;
  advancedflow: StoredAdvancedFlow;
  /** Without its last value: reads and events take it from the capability the log follows (insights.ts). */
  log: StoredLog;
  /** Without `intersectedScopes`: a read intersects the session's scopes with its user's role at that time. */
  session: SessionItem;
}

/** The hub's item store, typed by HubItems: `store.get('device', id)` is a Device. */
export type HubStore = ItemStore<HubItems>;

/** The name of an item type the hub stores. */
export type HubItemType = ItemType<HubItems>;
