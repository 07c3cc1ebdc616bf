import type { Request } from 'express';
import { operations } from '../../../generated/cloud/store.operations.js';
import type { OperationSpec } from '../../../generated/manifest.js';
import { ApiError, forbidden } from '../../http/errors.js';
import type { RawRoute } from '../../http/router.js';
import { sameSecret } from '../../http/secrets.js';
import { expiredSubscriptions } from '../account/subscriptions.js';
import type { Store } from './context.js';
import { createCoupon } from './coupons.js';
import { createOffer } from './offers.js';
import type { PaymentEvent } from './payment-provider.js';
import { receivePaymentEvent } from './payments.js';

const SIGNATURE_HEADER = 'x-payment-signature';

/**
 * The operators' calls (the store's secret in `secret`) and the payment provider's webhook (a signature header):
 * served beside the dispatcher, whose guards see neither the query nor the headers, so that a caller without the
 * secret is refused before the body is read.
 */
export function storeRawRoutes(store: Store): RawRoute[] {
  const admitOperators = (req: Request) => {
    const { secret } = req.query;
    if (typeof secret !== 'string' || !secret) throw new ApiError(401, 'unauthorized', "The store's secret is required (secret)");
    if (!store.secret || !sameSecret(secret, store.secret)) throw forbidden("Wrong store's secret");
  };
  // Each operator operation has its own body, which the validator has checked against the contract before `answer`.
  const operatorRoute = (spec: OperationSpec, answer: (body: any) => Promise<unknown>): RawRoute => ({
    api: 'store',
    spec,
    body: 'json',
    admit: admitOperators,
    serve: async (req, res) => void res.json(await answer(req.body)),
  });
  return [
    operatorRoute(operations.getExpiredSubscriptions, (body: { users: string[] }) => expiredSubscriptions(store.accounts, body.users, store.iso())),
    operatorRoute(operations.createOffer, (body) => createOffer(store, body)),
    operatorRoute(operations.createCoupon, (body) => createCoupon(store, body, 'shop')),
    operatorRoute(operations.createOfferCouponApple, ({ coupon, ...rest }) => createCoupon(store, { couponCode: coupon, ...rest }, 'apple')),
    {
      api: 'store',
      spec: operations.receivePaymentEvent,
      body: 'json',
      admit(req) {
        if (!req.headers[SIGNATURE_HEADER]) throw new ApiError(401, 'unauthorized', 'X-Payment-Signature is required');
      },
      async serve(req, res) {
        const event = req.body as PaymentEvent;
        const verdict = store.provider.verifyEvent(event, String(req.headers[SIGNATURE_HEADER]), store.clock.now());
        if (verdict !== 'valid') throw forbidden(verdict === 'stale' ? 'The signature is too old' : 'The signature does not match the event');
        await receivePaymentEvent(store, event);
        res.status(204).end();
      },
    },
  ];
}
