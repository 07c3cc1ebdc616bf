import type { Account } from './context.js';
import { addMissingSubscriptions } from '../subscriptions.js';
import { digest } from './crypto.js';

/**
 * One subscription of each kind the support form tells apart by prefix (seed 000: plus, premium, developer), and one
 * of a kind it does not know, which it shows by its id.
 */
export const DEMO_SUBSCRIPTIONS = ['plus_demo', 'premium_demo', 'developer_demo', 'care_demo'] as const;

/** A bridge registered as production registers one, not yet activated: the demo account can activate it for a cloud hub. */
export const DEMO_BRIDGE_SERIAL = 'DEMOBRIDGE0001';

/**
 * The demo account's subscriptions and a bridge to activate, added once (a subscription that exists is left as it is), and the activation of
 * its hub's record when a data folder from before activation kept it unactivated.
 */
export async function ensureDemoExtras(account: Account, userId: string, hubId: string): Promise<void> {
  const now = account.iso();
  await addMissingSubscriptions(account.subscriptions, userId, DEMO_SUBSCRIPTIONS, now);
  await account.db
    .insertInto('peripherals')
    .values({ kind: 'bridge', serial: DEMO_BRIDGE_SERIAL, serial_hash: digest(DEMO_BRIDGE_SERIAL), owner_id: null, hub_id: null, data: JSON.stringify({ name: 'Bridge' }), activated_at: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['kind', 'serial']).doNothing())
    .execute();
  await account.db.updateTable('hubs').set({ activated_at: now }).where('id', '=', hubId).where('owner_id', '=', userId).where('activated_at', 'is', null).execute();
}
