import type { HubItemSchemas } from '../../../generated/hub/index.js';
import type { ItemStore, ItemType } from './item-store.js';

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
 * `x-item-type` schemas), except the few the store keeps in another shape than the API answers. The module of each of
 * those adds its stored shape (`declare module '../core/items.js'`), so that this module imports no manager: `flow`
 * and `advancedflow` without `broken` and `triggerable` (flow-views.ts computes them), `log` without its last value
 * (insights.ts takes it from the capability the log follows), `session` without `intersectedScopes`.
 */
export interface HubItems extends Omit<HubItemSchemas, Unstored | Reshaped> {}

/** The hub's item store, typed by HubItems: `store.get('device', id)` is a Device. */
export type HubStore = ItemStore<HubItems>;

/** The name of an item type the hub stores. */
export type HubItemType = ItemType<HubItems>;
