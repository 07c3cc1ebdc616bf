import type { components } from '../../../generated/cloud/store.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { extendSubscription, setSubscription, subscriptionsOf, type DurationUnit } from '../account/subscriptions.js';
import { findProduct, type Product } from './catalogue.js';
import { subscriptionId, subscriptionView, type Store } from './context.js';

type Purchase = components['schemas']['Purchase'];

export interface PurchaseProof {
  sku: string;
  /** Google Play's purchase token. */
  token?: string;
  /** The App Store's receipt. */
  receipt?: string;
}

/** The product and the purchase a receipt or token proves: 400 when the provider does not recognise it or it is of another product. */
async function verified(store: Store, proof: PurchaseProof, kind: Product['kind']) {
  const product = await findProduct(store.db, proof.sku);
  if (!product) throw notFound(`Product ${proof.sku}`);
  if (product.kind !== kind) throw badRequest(`${proof.sku} is not a ${kind} product`);
  const evidence = proof.token ?? proof.receipt;
  if (!evidence) throw badRequest('Send the purchase token (Google Play) or the receipt (App Store)');
  const purchase = await store.provider.verifyPurchase(evidence);
  if (!purchase) throw badRequest('The purchase could not be verified');
  if (purchase.sku !== proof.sku) throw badRequest(`The purchase is of ${purchase.sku}, not of ${proof.sku}`);
  return { product, purchase, provider: proof.token ? ('google' as const) : ('apple' as const) };
}

/** A purchase recorded before: the same one again for its account (and hub), 409 for another. */
async function recorded(store: Store, id: string, userId: string, homeyId: string | null): Promise<Purchase | undefined> {
  const row = await store.db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  if (row.user_id !== userId || row.homey_id !== homeyId) throw conflict('This purchase is recorded for another account or hub');
  return JSON.parse(row.data) as Purchase;
}

async function record(store: Store, userId: string, homeyId: string | null, purchase: Purchase): Promise<Purchase> {
  const { numInsertedOrUpdatedRows } = await store.db
    .insertInto('purchases')
    .values({ id: purchase.id, user_id: userId, homey_id: homeyId, data: JSON.stringify(purchase) })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  // Recorded by a call at the same moment: answer what that one recorded.
  return numInsertedOrUpdatedRows ? purchase : (await recorded(store, purchase.id, userId, homeyId))!;
}

/** A subscription bought in an app store: its time as the store says, recorded once. */
export async function verifySubscription(store: Store, userId: string, proof: PurchaseProof): Promise<Purchase> {
  const { product, purchase, provider } = await verified(store, proof, 'subscription');
  const earlier = await recorded(store, purchase.id, userId, null);
  if (earlier) return earlier;
  const id = subscriptionId(product.subscription!.type, provider);
  await setSubscription(store.accounts, userId, id, { startedAt: purchase.purchasedAt, expiresAt: purchase.expiresAt, status: 'active' }, store.iso());
  const subscription = subscriptionView(id, (await subscriptionsOf(store.accounts, userId))[id]!);
  return record(store, userId, null, { id: purchase.id, sku: product.sku, kind: 'subscription', purchasedAt: purchase.purchasedAt, expiresAt: purchase.expiresAt, subscription });
}

/** A product bought once for a hub in an app store. */
export async function verifyOneTimePurchase(store: Store, userId: string, proof: PurchaseProof & { homeyId: string; orderId?: string }): Promise<Purchase> {
  const { product, purchase } = await verified(store, proof, 'one-time');
  if (proof.orderId !== undefined && proof.orderId !== purchase.id) throw badRequest(`The purchase is the order ${purchase.id}, not ${proof.orderId}`);
  const earlier = await recorded(store, purchase.id, userId, proof.homeyId);
  if (earlier) return earlier;
  return record(store, userId, proof.homeyId, { id: purchase.id, sku: product.sku, kind: 'one-time', homeyId: proof.homeyId, purchasedAt: purchase.purchasedAt, expiresAt: null });
}

/** Support's goodwill: the account's subscription of the product runs `quantity` units longer (404 without one). */
export async function deferSubscription(
  store: Store,
  input: { sku: string; athomId: string; quantity: number; duration: DurationUnit; packageName?: string },
) {
  const product = await findProduct(store.db, input.sku);
  if (!product?.subscription) throw notFound(`Subscription product ${input.sku}`);
  // A package name is an app's: the subscription billed by Google Play; else the shop's.
  const id = subscriptionId(product.subscription.type, input.packageName ? 'google' : 'shop');
  if (!Object.hasOwn(await subscriptionsOf(store.accounts, input.athomId), id)) throw notFound(`Subscription ${id} of the account`);
  return subscriptionView(id, await extendSubscription(store.accounts, input.athomId, id, input.quantity, input.duration, store.iso()));
}

export async function restoreSubscriptions(store: Store, userId: string) {
  return Object.entries(await subscriptionsOf(store.accounts, userId)).map(([id, subscription]) => subscriptionView(id, subscription));
}
