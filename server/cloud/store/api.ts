import * as manifest from '../../../generated/cloud/store.operations.js';
import type { operations } from '../../../generated/cloud/store.js';
import { defineGuardedApi, scopesSuffice, type Guard } from '../../http/api.js';
import { forbidden } from '../../http/errors.js';
import { isAdminAccount } from '../account/subscriptions.js';
import { addItem, cartView, loadCart, removeItem, setBusiness, setCoupon, setLocale, setPayment, setQuantity, setUserData } from './cart.js';
import { listPricedProducts } from './pricing.js';
import { customerOf, type StoreContext } from './context.js';
import { redeemCoupon } from './coupons.js';
import { openOffers, redeemOffer, redeemReferAFriend, requireOwnOffer } from './offers.js';
import { createOrder, orderView, ordersOf, requireOwnOrder } from './orders.js';
import { payOrder } from './payments.js';
import { deferSubscription, restoreSubscriptions, verifyOneTimePurchase, verifySubscription } from './purchases.js';
import { createLoginToken, createUserSession, deleteUserSession, logout } from './sessions.js';
import { checkVat } from './vat.js';
import { zipcodeAddress } from './zipcodes.js';

export type { StoreContext } from './context.js';

/** The operators' calls and the provider's webhook read the query or a header first: raw-routes.ts serves them. */
const { getExpiredSubscriptions, createOffer, createCoupon, createOfferCouponApple, receivePaymentEvent, ...dispatched } = manifest.operations;

type StoreGuard = Guard<StoreContext>;
/** The caller's own order or offer named by the path (404 for another's, before a body is read). */
const ownOrder: StoreGuard = async (path, context) => void (await requireOwnOrder(context.service.db, customerOf(context).userId, path.orderId!));
const ownOffer: StoreGuard = async (path, context) => void (await requireOwnOffer(context.service, customerOf(context).userId, path.offerId!));
/** Support staff: accounts with the role admin. */
const adminOnly: StoreGuard = async (_path, context) => {
  if (!(await isAdminAccount(context.service.accounts, customerOf(context).userId))) throw forbidden('Only support staff (admin) may do this');
};

const me = (context: StoreContext) => customerOf(context).userId;

/** The store's operations, one short handler each over the domain modules beside it. */
export const storeApi = defineGuardedApi<operations, typeof dispatched, StoreContext>(
  { manager: manifest.manager, operations: dispatched },
  {
    getProducts: ({ currency, country }, { service }) => listPricedProducts(service, currency, country),
    getCart: { guard: scopesSuffice, handle: async (_args, context) => cartView(context.service, me(context), await loadCart(context.service, me(context))) },
    addCartItem: { guard: scopesSuffice, handle: ({ sku, quantity = 1, options }, context) => addItem(context.service, me(context), sku, quantity, options) },
    setCartItemQuantity: { guard: scopesSuffice, handle: ({ sku, quantity }, context) => setQuantity(context.service, me(context), sku, quantity) },
    removeCartItem: { guard: scopesSuffice, handle: ({ sku }, context) => removeItem(context.service, me(context), sku) },
    getLocale: { guard: scopesSuffice, handle: async (_args, context) => (await loadCart(context.service, me(context))).locale },
    setLocale: { guard: scopesSuffice, handle: ({ country, currency, language }, context) => setLocale(context.service, me(context), { country, currency, language }) },
    setUserData: { guard: scopesSuffice, handle: ({ userdata }, context) => setUserData(context.service, me(context), userdata) },
    setBusiness: { guard: scopesSuffice, handle: ({ business }, context) => setBusiness(context.service, me(context), business) },
    setCoupon: { guard: scopesSuffice, handle: ({ coupon }, context) => setCoupon(context.service, me(context), coupon) },
    setPayment: { guard: scopesSuffice, handle: ({ payment }, context) => setPayment(context.service, me(context), payment) },
    createOrder: { guard: scopesSuffice, handle: (_args, context) => createOrder(context.service, me(context)) },
    payOrder: { guard: ownOrder, handle: ({ orderId, payment }, context) => payOrder(context.service, me(context), orderId, payment) },
    getOrders: { guard: scopesSuffice, handle: (_args, context) => ordersOf(context.service.db, me(context)) },
    getOrder: { guard: ownOrder, handle: async ({ orderId }, context) => orderView(await requireOwnOrder(context.service.db, me(context), orderId)) },
    validateVat: ({ vat }) => checkVat(vat),
    getZipcodeAddress: ({ zipcode, number }) => zipcodeAddress(zipcode, number),
    createLoginToken: { guard: scopesSuffice, handle: (_args, context) => createLoginToken(context.service, customerOf(context)) },
    createUserSession: ({ token }, { service }) => createUserSession(service, token),
    deleteUserSession: { guard: scopesSuffice, handle: (_args, context) => deleteUserSession(context.service, customerOf(context)) },
    logout: { guard: scopesSuffice, handle: (_args, context) => logout(context.service, me(context)) },
    verifySubscription: { guard: scopesSuffice, handle: (proof, context) => verifySubscription(context.service, me(context), proof) },
    verifyOneTimePurchase: { guard: scopesSuffice, handle: (proof, context) => verifyOneTimePurchase(context.service, me(context), proof) },
    deferSubscription: { guard: adminOnly, handle: (input, { service }) => deferSubscription(service, input) },
    restoreSubscriptions: { guard: scopesSuffice, handle: (_args, context) => restoreSubscriptions(context.service, me(context)) },
    getOffers: { guard: scopesSuffice, handle: (_args, context) => openOffers(context.service, me(context)) },
    getOffer: { guard: ownOffer, handle: ({ offerId }, context) => requireOwnOffer(context.service, me(context), offerId) },
    redeemOffer: { guard: ownOffer, handle: ({ offerId, paymentProvider }, context) => redeemOffer(context.service, me(context), offerId, paymentProvider) },
    redeemReferAFriend: { guard: scopesSuffice, handle: ({ inviterId, paymentProvider }, context) => redeemReferAFriend(context.service, me(context), inviterId, paymentProvider) },
    redeemCoupon: { guard: scopesSuffice, handle: ({ couponCode }, context) => redeemCoupon(context.service, me(context), couponCode) },
  },
);

export const rawOperations = { getExpiredSubscriptions, createOffer, createCoupon, createOfferCouponApple, receivePaymentEvent };
