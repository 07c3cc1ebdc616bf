import { signEvent, type PaymentEvent } from './payment-provider.js';
import { PROVIDER_SECRET, SHOPPER, startTestStore, type TestStore } from './testing.js';

type User = Awaited<ReturnType<TestStore['account']['user']>>;

describe('cloud store service: checkout end to end', () => {
  let shop: TestStore;
  const as = (user: User) => ({
    get: (path: string) => shop.http().get(path).set(user.auth),
    post: (path: string, body?: object) => shop.http().post(path).set(user.auth).send(body),
    put: (path: string, body: object) => shop.http().put(path).set(user.auth).send(body),
  });
  /** A new shopper whose cart holds `items`, with an address and `payment` chosen. */
  async function shopper(items: Array<{ sku: string; quantity?: number }>, payment: object = { method: 'card', token: 'tok_visa' }) {
    const user = await shop.account.user('store');
    for (const item of items) await as(user).post('/store/cart', item).expect(200);
    await as(user).put('/store/userdata', SHOPPER).expect(200);
    await as(user).put('/store/payment', payment).expect(200);
    return user;
  }
  const account = async (user: User) => (await shop.account.http().get('/user/me').set(user.accountAuth).expect(200)).body;
  const chargesOf = (orderId: string) => shop.provider.charges.filter((charge) => charge.description === `Order #${orderId}`);

  beforeAll(async () => {
    shop = await startTestStore();
    await shop.http().post('/coupon').query(shop.secret).send({ couponCode: 'ONCE20', discountPercent: 20, maxRedeems: 1 }).expect(200);
    await shop.http().post('/coupon').query(shop.secret).send({ couponCode: 'NEWBIE', discountPercent: 15, newCustomersOnly: true }).expect(200);
  });
  afterAll(() => shop.stop());

  it('when a shopper fills a cart, applies a coupon and pays by card, then the order is paid once, listed for the support form, and the cart is empty', async () => {
    const anna = await shopper([{ sku: 'BRIDGE-EU', quantity: 2 }, { sku: 'ZB-MOTION-3', quantity: 3 }]);
    await as(anna).put('/store/coupon', { coupon: 'ONCE20' }).expect(200);
    const order = (await as(anna).post('/store/order').expect(200)).body;
    // 2 × 73.55 + 3 × 10.99 = 180.07; 20 % off 36.01; VAT 21 % of 144.06 = 30.25; total 174.31.
    expect(order).toMatchObject({ state: 'created', status: 'processing', currency: 'EUR', subtotal: 18007, discount: 3601, vatRate: 2100, vat: 3025, total: 17431, coupon: 'ONCE20', paymentMethod: 'card' });
    expect((await as(anna).get('/store/cart').expect(200)).body).toMatchObject({ items: [], coupon: null });
    const paid = (await as(anna).post(`/store/order/${order.id}/pay`).expect(200)).body;
    expect(paid).toMatchObject({ id: order.id, state: 'paid', total: 17431 });
    expect(chargesOf(order.id)).toEqual([expect.objectContaining({ amount: 17431, currency: 'EUR', status: 'paid' })]);
    // Paying twice: 409, nothing charged.
    expect((await as(anna).post(`/store/order/${order.id}/pay`).expect(409)).body).toMatchObject({ error: 'order_not_payable', error_description: 'This order is paid' });
    expect(chargesOf(order.id)).toHaveLength(1);
    // The support form's orders list (getOrders) and the order itself.
    expect((await as(anna).get('/user/order').expect(200)).body).toEqual([paid]);
    expect((await as(anna).get(`/user/order/${order.id}`).expect(200)).body).toEqual(paid);
  });

  it('when two calls pay one order at once, then one charges and the other is refused', async () => {
    const user = await shopper([{ sku: 'ETH-ADAPTER' }]);
    const order = (await as(user).post('/store/order').expect(200)).body;
    const answers = await Promise.all([as(user).post(`/store/order/${order.id}/pay`), as(user).post(`/store/order/${order.id}/pay`)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(chargesOf(order.id)).toHaveLength(1);
  });

  it('when a card is declined, then the order fails with the reason and can be paid again with another card, charged once more', async () => {
    const user = await shopper([{ sku: 'BRIDGE-EU' }], { method: 'card', token: 'tok_declined' });
    const order = (await as(user).post('/store/order').expect(200)).body;
    const failed = (await as(user).post(`/store/order/${order.id}/pay`).expect(200)).body;
    expect(failed).toMatchObject({ state: 'failed', failureReason: 'Your card was declined', total: 8900 });
    await as(user).post(`/store/order/${order.id}/pay`, { payment: { method: 'card' } }).expect(400);
    const paid = (await as(user).post(`/store/order/${order.id}/pay`, { payment: { method: 'card', token: 'tok_visa' } }).expect(200)).body;
    expect(paid).toMatchObject({ state: 'paid' });
    expect(paid.failureReason).toBeUndefined();
    expect(chargesOf(order.id).map((charge) => charge.status)).toEqual(['failed', 'paid']);
  });

  it('when a subscription is paid by iDEAL, then the order waits until the webhook says paid, and the account then shows the subscription', async () => {
    const user = await shopper([{ sku: 'PREMIUM-1Y' }], { method: 'ideal' });
    const order = (await as(user).post('/store/order').expect(200)).body;
    expect((await as(user).post(`/store/order/${order.id}/pay`).expect(200)).body).toMatchObject({ state: 'pending' });
    expect((await as(user).post(`/store/order/${order.id}/pay`).expect(409)).body.error_description).toBe('A payment of this order is under way: wait for its outcome');
    expect((await account(user)).subscriptions).toEqual({});
    const [charge] = chargesOf(order.id);
    expect(await shop.provider.settle(charge!.paymentId, 'payment.paid')).toBe(204);
    expect((await as(user).get(`/user/order/${order.id}`).expect(200)).body.state).toBe('paid');
    const year = new Date(shop.clock.now());
    year.setUTCFullYear(year.getUTCFullYear() + 1);
    expect((await account(user)).subscriptions).toEqual({ premium_shop: { startedAt: new Date(shop.clock.now()).toISOString(), expiresAt: year.toISOString(), status: 'active' } });
    // Told twice: nothing more happens (the subscription is not extended again).
    expect(await shop.provider.settle(charge!.paymentId, 'payment.paid')).toBe(204);
    expect((await account(user)).subscriptions.premium_shop.expiresAt).toBe(year.toISOString());
    expect((await as(user).get('/subscription/restore').expect(200)).body).toEqual([{ id: 'premium_shop', startedAt: expect.any(String), expiresAt: year.toISOString(), status: 'active' }]);
    // Refunded: the order says so and the subscription ends.
    expect(await shop.provider.settle(charge!.paymentId, 'payment.refunded')).toBe(204);
    expect((await as(user).get(`/user/order/${order.id}`).expect(200)).body.state).toBe('refunded');
    expect((await account(user)).subscriptions.premium_shop.status).toBe('expired');
    await as(user).post(`/store/order/${order.id}/pay`).expect(409);
    expect(chargesOf(order.id)).toHaveLength(1);
  });

  it('when a pending payment fails late, then the order is failed and may be paid again', async () => {
    const user = await shopper([{ sku: 'BRIDGE-EU' }], { method: 'bancontact' });
    const order = (await as(user).post('/store/order').expect(200)).body;
    await as(user).post(`/store/order/${order.id}/pay`).expect(200);
    expect(await shop.provider.settle(chargesOf(order.id)[0]!.paymentId, 'payment.failed', 'The bank refused the payment')).toBe(204);
    expect((await as(user).get(`/user/order/${order.id}`).expect(200)).body).toMatchObject({ state: 'failed', failureReason: 'The bank refused the payment' });
    // A late "paid" of that failed payment changes nothing.
    expect(await shop.provider.settle(chargesOf(order.id)[0]!.paymentId, 'payment.paid')).toBe(204);
    expect((await as(user).get(`/user/order/${order.id}`).expect(200)).body.state).toBe('failed');
    expect((await as(user).post(`/store/order/${order.id}/pay`, { payment: { method: 'card', token: 'tok_visa' } }).expect(200)).body.state).toBe('paid');
  });

  it('when the webhook is not signed, signed wrongly, too old, or names an unknown payment or another amount, then 401, 403, 403, 404 and 409', async () => {
    const user = await shopper([{ sku: 'ETH-ADAPTER' }], { method: 'paypal' });
    const order = (await as(user).post('/store/order').expect(200)).body;
    await as(user).post(`/store/order/${order.id}/pay`).expect(200);
    const paymentId = chargesOf(order.id)[0]!.paymentId;
    const event: PaymentEvent = { id: 'evt_test', type: 'payment.paid', paymentId, amount: 2495, currency: 'EUR' };
    const now = Math.floor(shop.clock.now() / 1000);
    const post = (body: PaymentEvent, signature?: string) => {
      const request = shop.http().post('/payment/webhook');
      return (signature ? request.set('X-Payment-Signature', signature) : request).send(body);
    };
    await post(event).expect(401);
    await post(event, signEvent('another secret', event, now)).expect(403);
    await post(event, signEvent(PROVIDER_SECRET, event, now - 3600)).expect(403);
    await post({ ...event, amount: 1 }, signEvent(PROVIDER_SECRET, event, now)).expect(403);
    await post({ ...event, paymentId: 'pay_unknown' }, signEvent(PROVIDER_SECRET, { ...event, paymentId: 'pay_unknown' }, now)).expect(404);
    await post({ ...event, amount: 1 }, signEvent(PROVIDER_SECRET, { ...event, amount: 1 }, now)).expect(409);
    await post({ ...event, amount: -1 }, signEvent(PROVIDER_SECRET, event, now)).expect(400);
    expect((await as(user).get(`/user/order/${order.id}`).expect(200)).body.state).toBe('pending');
    await post(event, signEvent(PROVIDER_SECRET, event, now)).expect(204);
    expect((await as(user).get(`/user/order/${order.id}`).expect(200)).body.state).toBe('paid');
  });

  it('when a coupon is past maxRedeems or for new customers and the shopper returns, then 409 and no order is made with it', async () => {
    const bert = await shopper([{ sku: 'BRIDGE-EU' }]);
    const used = await as(bert).put('/store/coupon', { coupon: 'ONCE20' }).expect(409);
    expect(used.body).toMatchObject({ error: 'coupon_used_up', error_description: 'The coupon ONCE20 has been used as often as it may be' });
    // A new customer may use NEWBIE; once they have paid an order, they may not any more.
    await as(bert).put('/store/coupon', { coupon: 'NEWBIE' }).expect(200);
    await as(bert).put('/store/coupon', { coupon: null }).expect(200);
    const first = (await as(bert).post('/store/order').expect(200)).body;
    await as(bert).post(`/store/order/${first.id}/pay`).expect(200);
    await as(bert).post('/store/cart', { sku: 'BRIDGE-EU' }).expect(200);
    expect((await as(bert).put('/store/coupon', { coupon: 'NEWBIE' }).expect(409)).body.error).toBe('coupon_new_customers_only');
  });

  it('when the coupon is used up between applying it and ordering, then the order is refused with 409 and nothing is counted twice', async () => {
    await shop.http().post('/coupon').query(shop.secret).send({ couponCode: 'LASTONE', discountPercent: 5, maxRedeems: 1 }).expect(200);
    const carla = await shopper([{ sku: 'BRIDGE-EU' }]);
    const dirk = await shopper([{ sku: 'BRIDGE-EU' }]);
    await as(carla).put('/store/coupon', { coupon: 'LASTONE' }).expect(200);
    await as(dirk).put('/store/coupon', { coupon: 'LASTONE' }).expect(200);
    const answers = await Promise.all([as(carla).post('/store/order'), as(dirk).post('/store/order')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.error).toBe('coupon_used_up');
  });

  it('when a coupon takes the whole amount, then the order is paid without a charge', async () => {
    await shop.http().post('/coupon').query(shop.secret).send({ couponCode: 'ALLFREE', discountPercent: 100 }).expect(200);
    const user = await shopper([{ sku: 'ETH-ADAPTER' }]);
    await as(user).put('/store/coupon', { coupon: 'ALLFREE' }).expect(200);
    const order = (await as(user).post('/store/order').expect(200)).body;
    expect(order).toMatchObject({ subtotal: 2062, discount: 2062, vat: 0, total: 0 });
    expect((await as(user).post(`/store/order/${order.id}/pay`).expect(200)).body.state).toBe('paid');
    expect(chargesOf(order.id)).toEqual([]);
  });

  it('when an order is not ready, then 409: empty cart, no address, no payment method', async () => {
    const user = await shop.account.user('store');
    expect((await as(user).post('/store/order').expect(409)).body.error_description).toBe('The cart is empty');
    await as(user).post('/store/cart', { sku: 'BRIDGE-EU' }).expect(200);
    await as(user).post('/store/order').expect(409);
    await as(user).put('/store/userdata', SHOPPER).expect(200);
    expect((await as(user).post('/store/order').expect(409)).body.error_description).toBe('Choose how to pay first (setPayment)');
    await as(user).post('/store/order/999999/pay').expect(404);
    await as(user).post('/store/order/bad id/pay').expect(400);
  });
});
