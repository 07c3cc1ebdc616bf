import type { Account } from './context.js';
import { addMissingSubscriptions } from './subscriptions.js';
import { digest } from './crypto.js';

/**
 * One subscription of each kind the support form tells apart by prefix (seed 000: plus, premium, developer), and one
 * of a kind it does not know, which it shows by its id.
 */
export const DEMO_SUBSCRIPTIONS = ['plus_demo', 'premium_demo', 'developer_demo', 'care_demo'] as const;

/**
 * Bridges registered as production registers them, not yet activated: the demo account can activate them for hubs
 * of its own. Two, so that both a cloud hub and an older Pro hub can show their bridge branches of the support form.
 */
export const DEMO_BRIDGE_SERIALS = ['DEMOBRIDGE0001', 'DEMOBRIDGE0002'] as const;

/**
 * The demo account's subscriptions and bridges to activate, added once (a subscription that exists is left as it is), and the activation of
 * its hub's record when a data folder from before activation kept it unactivated.
 */
export async function ensureDemoExtras(account: Account, userId: string, hubId: string): Promise<void> {
  const now = account.iso();
  await addMissingSubscriptions(account.subscriptions, userId, DEMO_SUBSCRIPTIONS, now);
  await account.db
    .insertInto('peripherals')
    .values(DEMO_BRIDGE_SERIALS.map((serial) => ({ kind: 'bridge' as const, serial, serial_hash: digest(serial), owner_id: null, hub_id: null, data: JSON.stringify({ name: 'Bridge' }), activated_at: null, created_at: now, updated_at: now })))
    .onConflict((oc) => oc.columns(['kind', 'serial']).doNothing())
    .execute();
  await account.db.updateTable('hubs').set({ activated_at: now }).where('id', '=', hubId).where('owner_id', '=', userId).where('activated_at', 'is', null).execute();
}
