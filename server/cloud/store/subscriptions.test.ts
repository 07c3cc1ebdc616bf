import { startTestStore, type TestStore } from './testing.js';

type User = Awaited<ReturnType<TestStore['account']['user']>>;

const DAY = 24 * 60 * 60 * 1000;

describe('cloud store service: app store purchases, subscriptions, offers, coupons and shop sessions', () => {
  let shop: TestStore;
  let accountToken: { Authorization: string };
  const as = (user: { auth: { Authorization: string } }) => ({
    get: (path: string) => shop.http().get(path).set(user.auth),
    post: (path: string, body?: object) => shop.http().post(path).set(user.auth).send(body),
    delete: (path: string) => shop.http().delete(path).set(user.auth),
  });
  const subscriptions = async (user: User) => (await shop.account.http().get('/user/me').set(user.accountAuth).expect(200)).body.subscriptions;
  const iso = (offsetMs = 0) => new Date(shop.clock.now() + offsetMs).toISOString();
  const receipt = (id: string, sku: string, expiresAt: string | null = iso(30 * DAY)) => shop.provider.issueReceipt({ id, sku, purchasedAt: iso(), expiresAt });

  beforeAll(async () => {
    shop = await startTestStore();
    accountToken = (await shop.account.user()).accountAuth;
  });
  afterAll(() => shop.stop());

  it('when an app verifies a store subscription, then the account shows it; again the same answer; another account 409; bad receipts 400, unknown sku 404', async () => {
    const anna = await shop.account.user('store');
    const token = receipt('GPA.1', 'PLUS-1M', '2030-01-01T00:00:00.000Z');
    const purchase = (await as(anna).post('/subscription/verify', { sku: 'PLUS-1M', packageName: 'app.homey.mobile', token }).expect(200)).body;
    expect(purchase).toMatchObject({ id: 'GPA.1', sku: 'PLUS-1M', kind: 'subscription', expiresAt: '2030-01-01T00:00:00.000Z', subscription: { id: 'plus_google', status: 'active' } });
    expect((await subscriptions(anna)).plus_google).toMatchObject({ expiresAt: '2030-01-01T00:00:00.000Z', status: 'active' });
    expect((await as(anna).post('/subscription/verify', { sku: 'PLUS-1M', token }).expect(200)).body).toEqual(purchase);
    await as(await shop.account.user('store')).post('/subscription/verify', { sku: 'PLUS-1M', token }).expect(409);
    const apple = (await as(anna).post('/subscription/verify', { sku: 'PREMIUM-1Y', receipt: receipt('APL.1', 'PREMIUM-1Y') }).expect(200)).body;
    expect(apple.subscription.id).toBe('premium_apple');
    await as(anna).post('/subscription/verify', { sku: 'PLUS-1M', token: `${token}x` }).expect(400);
    await as(anna).post('/subscription/verify', { sku: 'PREMIUM-1Y', token }).expect(400);
    await as(anna).post('/subscription/verify', { sku: 'PLUS-1M' }).expect(400);
    await as(anna).post('/subscription/verify', { sku: 'BRIDGE-EU', token }).expect(400);
    await as(anna).post('/subscription/verify', { sku: 'NOPE-1M', token }).expect(404);
    await shop.http().post('/subscription/verify').send({ sku: 'PLUS-1M', token }).expect(401);
    await shop.http().post('/subscription/verify').set(accountToken).send({ sku: 'PLUS-1M', token }).expect(401);
    expect((await as(anna).get('/subscription/restore').expect(200)).body.map((subscription: { id: string }) => subscription.id)).toEqual(['plus_google', 'premium_apple']);
    await shop.http().get('/subscription/restore').expect(401);
    await shop.http().get('/subscription/restore').set(accountToken).expect(401);
  });

  it('when a one-time purchase is verified for a hub, then it is recorded once; another hub 409, a wrong order id 400, a subscription sku 400', async () => {
    const anna = await shop.account.user('store');
    const token = receipt('GPA.2', 'ZWAVE-LR-LICENSE', null);
    const body = { homeyId: 'hub-1', sku: 'ZWAVE-LR-LICENSE', orderId: 'GPA.2', token };
    const purchase = (await as(anna).post('/one-time-purchase/verify', body).expect(200)).body;
    expect(purchase).toMatchObject({ id: 'GPA.2', kind: 'one-time', homeyId: 'hub-1', expiresAt: null });
    expect((await as(anna).post('/one-time-purchase/verify', body).expect(200)).body).toEqual(purchase);
    await as(anna).post('/one-time-purchase/verify', { ...body, homeyId: 'hub-2' }).expect(409);
    await as(anna).post('/one-time-purchase/verify', { ...body, orderId: 'GPA.3' }).expect(400);
    await as(anna).post('/one-time-purchase/verify', { ...body, sku: 'PLUS-1M' }).expect(400);
    await as(anna).post('/one-time-purchase/verify', { sku: 'ZWAVE-LR-LICENSE', token }).expect(400);
    await as(anna).post('/one-time-purchase/verify', { ...body, sku: 'NOPE' }).expect(404);
    await shop.http().post('/one-time-purchase/verify').send(body).expect(401);
    await shop.http().post('/one-time-purchase/verify').set(accountToken).send(body).expect(401);
  });

  it('when support defers a subscription, then it runs longer; others 403, unknown sku or no such subscription 404, bad input 400', async () => {
    const admin = await shop.account.admin('store');
    const anna = await shop.account.user('store');
    const body = { sku: 'PREMIUM-1Y', athomId: anna.id, quantity: 2, duration: 'month' };
    await as(admin).post('/subscription/defer', body).expect(404);
    await shop.http().post('/coupon').query(shop.secret).send({ couponCode: 'PREMIUMMONTH', subscriptionType: 'premium', subscriptionQuantity: 1, subscriptionDuration: 'month' }).expect(200);
    const redeemed = (await as(anna).post('/coupon/premiummonth/redeem').expect(200)).body.subscription;
    const deferred = (await as(admin).post('/subscription/defer', body).expect(200)).body;
    const expected = new Date(redeemed.expiresAt);
    expected.setUTCMonth(expected.getUTCMonth() + 2);
    expect(deferred).toEqual({ ...redeemed, expiresAt: expected.toISOString() });
    await as(anna).post('/subscription/defer', body).expect(403);
    await as(admin).post('/subscription/defer', { ...body, sku: 'BRIDGE-EU' }).expect(404);
    await as(admin).post('/subscription/defer', { ...body, quantity: -1 }).expect(400);
    await as(admin).post('/subscription/defer', { ...body, duration: 'decade' }).expect(400);
    await shop.http().post('/subscription/defer').send(body).expect(401);
    await shop.http().post('/subscription/defer').set(accountToken).send(body).expect(401);
  });

  it('when operators ask for expired subscriptions with the secret, then they get them; without it 401, another 403, bad input 400', async () => {
    const anna = await shop.account.user('store');
    await as(anna).post('/subscription/verify', { sku: 'PLUS-1M', token: receipt('GPA.old', 'PLUS-1M', iso(-DAY)) }).expect(200);
    await as(anna).post('/subscription/verify', { sku: 'PREMIUM-1Y', token: receipt('GPA.new', 'PREMIUM-1Y', iso(DAY)) }).expect(200);
    const { body } = await shop.http().post('/subscription/expired').query(shop.secret).send({ users: [anna.id, '0123456789abcdef01234567'] }).expect(200);
    expect(body).toEqual([{ userId: anna.id, subscriptionId: 'plus_google', expiresAt: iso(-DAY) }]);
    await shop.http().post('/subscription/expired').send({ users: [] }).expect(401);
    await shop.http().post('/subscription/expired').query({ secret: 'wrong' }).send({ users: [] }).expect(403);
    await shop.http().post('/subscription/expired').query(shop.secret).send({ users: ['not an id'] }).expect(400);
    await shop.http().post('/subscription/expired').query(shop.secret).send({}).expect(400);
  });

  it('when an operator offers time, then the account sees and redeems it once; others 404; expired 409; bad input 400', async () => {
    const anna = await shop.account.user('store');
    const ben = await shop.account.user('store');
    const input = { userId: anna.id, expiresAt: iso(10 * DAY), campaignId: 'winter', subscriptionType: 'premium', subscriptionQuantity: 3, subscriptionDuration: 'month' };
    const offer = (await shop.http().post('/offer').query(shop.secret).send(input).expect(200)).body;
    expect(offer).toMatchObject({ ...input, redeemedAt: null });
    await shop.http().post('/offer').send(input).expect(401);
    await shop.http().post('/offer').query({ secret: 'wrong' }).send(input).expect(403);
    await shop.http().post('/offer').query(shop.secret).send({ ...input, expiresAt: iso(-DAY) }).expect(400);
    await shop.http().post('/offer').query(shop.secret).send({ ...input, userId: '0123456789abcdef01234567' }).expect(404);
    await shop.http().post('/offer').query(shop.secret).send({ ...input, subscriptionQuantity: 0 }).expect(400);
    expect((await as(anna).get('/offer').expect(200)).body).toEqual([offer]);
    expect((await as(anna).get(`/offer/${offer.id}`).expect(200)).body).toEqual(offer);
    await as(ben).get(`/offer/${offer.id}`).expect(404);
    await as(ben).post(`/offer/${offer.id}/redeem`, {}).expect(404);
    await as(anna).get('/offer/bad!id').expect(400);
    await shop.http().get('/offer').expect(401);
    await shop.http().get(`/offer/${offer.id}`).set(accountToken).expect(401);
    await as(anna).post(`/offer/${offer.id}/redeem`, { paymentProvider: 'carrier-pigeon' }).expect(400);
    const { subscription } = (await as(anna).post(`/offer/${offer.id}/redeem`, { paymentProvider: 'shop' }).expect(200)).body;
    expect(subscription).toMatchObject({ id: 'premium_shop', status: 'active' });
    expect((await subscriptions(anna)).premium_shop.expiresAt).toBe(subscription.expiresAt);
    expect((await as(anna).post(`/offer/${offer.id}/redeem`, {}).expect(409)).body.error).toBe('offer_redeemed');
    expect((await as(anna).get('/offer').expect(200)).body).toEqual([]);
    const late = (await shop.http().post('/offer').query(shop.secret).send({ ...input, expiresAt: iso(DAY) }).expect(200)).body;
    shop.clock.set(shop.clock.now() + 2 * DAY);
    expect((await as(anna).post(`/offer/${late.id}/redeem`, {}).expect(409)).body.error).toBe('offer_expired');
  });

  it('when coupons are made and redeemed, then maxRedeems, once per account, new customers only and expiry hold (409), unknown 404', async () => {
    await shop.http().post('/coupon').query(shop.secret).send({ couponCode: 'twice', subscriptionType: 'plus', subscriptionQuantity: 2, subscriptionDuration: 'week', maxRedeems: 2, expiresAt: iso(DAY) }).expect(200);
    await shop.http().post('/coupon').query(shop.secret).send({ couponCode: 'TWICE', discountPercent: 5 }).expect(409);
    await shop.http().post('/coupon').query(shop.secret).send({ couponCode: 'NOTHING' }).expect(400);
    await shop.http().post('/coupon').query(shop.secret).send({ couponCode: 'HALF', subscriptionType: 'plus' }).expect(400);
    await shop.http().post('/coupon').query(shop.secret).send({ couponCode: 'X', discountPercent: 5 }).expect(400);
    await shop.http().post('/coupon').send({ couponCode: 'FREE', discountPercent: 5 }).expect(401);
    await shop.http().post('/coupon').query({ secret: 'wrong' }).send({ couponCode: 'FREE', discountPercent: 5 }).expect(403);
    const [a, b, c] = [await shop.account.user('store'), await shop.account.user('store'), await shop.account.user('store')];
    expect((await as(a).post('/coupon/TWICE/redeem').expect(200)).body.subscription).toMatchObject({ id: 'plus_shop', expiresAt: iso(14 * DAY) });
    expect((await as(a).post('/coupon/TWICE/redeem').expect(409)).body.error).toBe('coupon_used');
    await as(b).post('/coupon/twice/redeem').expect(200);
    expect((await as(c).post('/coupon/TWICE/redeem').expect(409)).body.error).toBe('coupon_used_up');
    await as(c).post('/coupon/NOSUCH/redeem').expect(404);
    await as(c).post('/coupon/a!/redeem').expect(400);
    await shop.http().post('/coupon/TWICE/redeem').expect(401);
    await shop.http().post('/coupon/TWICE/redeem').set(accountToken).expect(401);
    const apple = { coupon: 'apple3m', expiresAt: iso(DAY), subscriptionType: 'premium', subscriptionQuantity: 3, subscriptionDuration: 'month', newCustomersOnly: true };
    expect((await shop.http().post('/offer/coupon_apple').query(shop.secret).send(apple).expect(200)).body).toMatchObject({ couponCode: 'APPLE3M', platform: 'apple', maxRedeems: null, newCustomersOnly: true });
    await shop.http().post('/offer/coupon_apple').query(shop.secret).send(apple).expect(409);
    await shop.http().post('/offer/coupon_apple').query(shop.secret).send({ ...apple, subscriptionDuration: 'fortnight' }).expect(400);
    await shop.http().post('/offer/coupon_apple').send(apple).expect(401);
    await shop.http().post('/offer/coupon_apple').query({ secret: 'wrong' }).send(apple).expect(403);
    expect((await as(a).post('/coupon/APPLE3M/redeem').expect(409)).body.error).toBe('coupon_new_customers_only');
    const fresh = await shop.account.user('store');
    expect((await as(fresh).post('/coupon/APPLE3M/redeem').expect(200)).body.subscription.id).toBe('premium_apple');
    shop.clock.set(shop.clock.now() + 2 * DAY);
    expect((await as(await shop.account.user('store')).post('/coupon/APPLE3M/redeem').expect(409)).body.error).toBe('coupon_expired');
  });

  it('when a friend invites a new customer, then both get a month of premium, once; oneself or a returning customer 409, unknown inviter 404', async () => {
    const inviter = await shop.account.user('store');
    const friend = await shop.account.user('store');
    const { subscription } = (await as(friend).post('/offer/refer_a_friend', { inviterId: inviter.id }).expect(200)).body;
    expect(subscription).toMatchObject({ id: 'premium_shop', status: 'active' });
    expect(Object.keys(await subscriptions(inviter))).toEqual(['premium_shop']);
    expect((await as(friend).post('/offer/refer_a_friend', { inviterId: inviter.id }).expect(409)).body.error).toBe('referral_returning_customer');
    const other = await shop.account.user('store');
    expect((await as(other).post('/offer/refer_a_friend', { inviterId: other.id }).expect(409)).body.error).toBe('referral_self');
    await as(other).post('/offer/refer_a_friend', { inviterId: '0123456789abcdef01234567' }).expect(404);
    await as(other).post('/offer/refer_a_friend', { inviterId: 'nope' }).expect(400);
    await shop.http().post('/offer/refer_a_friend').send({ inviterId: inviter.id }).expect(401);
    await shop.http().post('/offer/refer_a_friend').set(accountToken).send({ inviterId: inviter.id }).expect(401);
  });

  it('when an app makes a login token, then the web shop opens a session with it once; the session works until it is ended or the customer logs out', async () => {
    const anna = await shop.account.user('store');
    await as(anna).post('/store/cart', { sku: 'BRIDGE-EU' }).expect(200);
    const login = (await as(anna).post('/user/login-token').expect(200)).body;
    expect(login.expiresAt).toBe(iso(5 * 60 * 1000));
    const session = (await shop.http().post('/user/session').send({ token: login.token }).expect(200)).body;
    await shop.http().post('/user/session').send({ token: login.token }).expect(404);
    await shop.http().post('/user/session').send({}).expect(400);
    const inShop = { auth: { Authorization: `Bearer ${session.token}` } };
    expect((await as(inShop).get('/store/cart').expect(200)).body.items).toHaveLength(1);
    await as(anna).delete('/user/session').expect(400);
    await as(inShop).delete('/user/session').expect(204);
    expect((await as(inShop).get('/store/cart').expect(401)).body.error).toBe('invalid_token');
    // Logout ends every shop session and unused login token; the account's token stays.
    const second = (await shop.http().post('/user/session').send({ token: (await as(anna).post('/user/login-token').expect(200)).body.token }).expect(200)).body;
    const unused = (await as(anna).post('/user/login-token').expect(200)).body;
    await as(anna).post('/user/logout').expect(204);
    await as({ auth: { Authorization: `Bearer ${second.token}` } }).get('/store/cart').expect(401);
    await shop.http().post('/user/session').send({ token: unused.token }).expect(404);
    await as(anna).get('/store/cart').expect(200);
    // A login token lives five minutes.
    const stale = (await as(anna).post('/user/login-token').expect(200)).body;
    shop.clock.set(shop.clock.now() + 6 * 60 * 1000);
    await shop.http().post('/user/session').send({ token: stale.token }).expect(404);
    for (const path of ['/user/login-token', '/user/logout']) {
      await shop.http().post(path).expect(401);
      await shop.http().post(path).set(accountToken).expect(401);
    }
    await shop.http().delete('/user/session').expect(401);
    await shop.http().delete('/user/session').set(accountToken).expect(401);
  });
});
