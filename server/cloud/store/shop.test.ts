import { operations } from '../../../generated/cloud/store.operations.js';
import { rawOperations } from './api.js';
import { SHOPPER, startTestStore, type TestStore } from './testing.js';

type User = Awaited<ReturnType<TestStore['account']['user']>>;

describe('cloud store service: products, cart and checkout data', () => {
  let shop: TestStore;
  /** An access token of the account service, which is for the account service only. */
  let accountToken: string;
  const as = (user: User) => ({
    get: (path: string) => shop.http().get(path).set(user.auth),
    post: (path: string, body?: object) => shop.http().post(path).set(user.auth).send(body),
    put: (path: string, body: object) => shop.http().put(path).set(user.auth).send(body),
    delete: (path: string) => shop.http().delete(path).set(user.auth),
  });
  beforeAll(async () => {
    shop = await startTestStore();
    accountToken = (await shop.account.user()).accessToken;
  });
  afterAll(() => shop.stop());

  it('when anyone lists the products, then each has prices before VAT per currency; a currency narrows them; a bad one 400', async () => {
    const all = (await shop.http().get('/store/product').expect(200)).body;
    expect(all.find((product: { sku: string }) => product.sku === 'PREMIUM-1Y')).toMatchObject({ kind: 'subscription', prices: { EUR: 4950 }, subscription: { type: 'premium', quantity: 1, duration: 'year' } });
    const chf = (await shop.http().get('/store/product').query({ currency: 'CHF' }).expect(200)).body;
    expect(chf.map((product: { sku: string }) => product.sku)).not.toContain('ZB-MOTION-3');
    await shop.http().get('/store/product').query({ currency: 'JPY' }).expect(400);
  });

  it('when anyone lists the products, then each carries its consumer price: before VAT, the VAT of the country and the total', async () => {
    const find = (list: Array<{ sku: string }>, sku: string) => list.find((product) => product.sku === sku);
    const all = (await shop.http().get('/store/product').expect(200)).body;
    expect(find(all, 'BRIDGE-EU')).toMatchObject({ prices: { EUR: 7355 }, price: { currency: 'EUR', country: 'NL', amount: 7355, vatRate: 2100, vat: 1545, total: 8900 } });
    expect(all.every((product: { price: unknown }) => product.price !== null && typeof product.price === 'object')).toBe(true);
    const german = (await shop.http().get('/store/product').query({ currency: 'EUR', country: 'DE' }).expect(200)).body;
    expect(find(german, 'PREMIUM-1Y')).toMatchObject({ price: { currency: 'EUR', country: 'DE', amount: 4950, vatRate: 1900, vat: 941, total: 5891 } });
    const swiss = (await shop.http().get('/store/product').query({ currency: 'CHF', country: 'CH' }).expect(200)).body;
    expect(find(swiss, 'BRIDGE-EU')).toMatchObject({ price: { currency: 'CHF', country: 'CH', amount: 8500, vatRate: 0, vat: 0, total: 8500 } });
    expect((await shop.http().get('/store/product').query({ country: 'JP' }).expect(400)).body.error_description).toContain('JP');
  });

  it("when a product's consumer price is listed, then an order of one of it in that country charges that total", async () => {
    const user = await shop.account.user('store');
    const listed = (await shop.http().get('/store/product').query({ currency: 'EUR', country: 'DE' }).expect(200)).body;
    const { price } = listed.find((product: { sku: string }) => product.sku === 'ETH-ADAPTER');
    await as(user).put('/store/locale', { country: 'DE', currency: 'EUR', language: 'de' }).expect(200);
    const cart = (await as(user).post('/store/cart', { sku: 'ETH-ADAPTER' }).expect(200)).body;
    expect(cart.totals).toMatchObject({ subtotal: price.amount, vatRate: price.vatRate, vat: price.vat, total: price.total });
  });

  it('when a shopper fills the cart, then lines add up, quantities change and lines go; totals are computed on the server', async () => {
    const user = await shop.account.user('store');
    const empty = (await as(user).get('/store/cart').expect(200)).body;
    expect(empty).toMatchObject({ items: [], locale: { country: 'NL', currency: 'EUR', language: 'en' }, coupon: null, payment: null, totals: { subtotal: 0, total: 0 } });
    await as(user).post('/store/cart', { sku: 'BRIDGE-EU' }).expect(200);
    const two = (await as(user).post('/store/cart', { sku: 'BRIDGE-EU', quantity: 1, options: { plug: 'EU' } }).expect(200)).body;
    expect(two.items).toEqual([{ sku: 'BRIDGE-EU', name: 'Bridge', quantity: 2, options: { plug: 'EU' }, price: 7355, total: 14710 }]);
    expect(two.totals).toEqual({ currency: 'EUR', subtotal: 14710, discount: 0, vatRate: 2100, vat: 3089, total: 17799, reverseCharge: false });
    await as(user).post('/store/cart', { sku: 'ZB-MOTION-3', quantity: 3 }).expect(200);
    expect((await as(user).put('/store/cart/BRIDGE-EU', { quantity: 1 }).expect(200)).body.totals).toMatchObject({ subtotal: 10652, vat: 2237, total: 12889 });
    const left = (await as(user).delete('/store/cart/ZB-MOTION-3').expect(200)).body;
    expect(left.items.map((item: { sku: string }) => item.sku)).toEqual(['BRIDGE-EU']);
  });

  it('when cart input is bad, then 400 (negative, zero or huge quantities, bad skus), 404 (unknown product or line) and 409 (over 99)', async () => {
    const user = await shop.account.user('store');
    await as(user).post('/store/cart', { sku: 'BRIDGE-EU', quantity: -1 }).expect(400);
    await as(user).post('/store/cart', { sku: 'BRIDGE-EU', quantity: 0 }).expect(400);
    await as(user).post('/store/cart', { sku: 'BRIDGE-EU', quantity: 1.5 }).expect(400);
    await as(user).post('/store/cart', { sku: 'bridge eu' }).expect(400);
    await as(user).post('/store/cart', {}).expect(400);
    await as(user).post('/store/cart', { sku: 'NOPE' }).expect(404);
    await as(user).post('/store/cart', { sku: 'BRIDGE-EU', quantity: 99 }).expect(200);
    expect((await as(user).post('/store/cart', { sku: 'BRIDGE-EU' }).expect(409)).body.error_description).toBe('At most 99 of Bridge in one order');
    await as(user).put('/store/cart/BRIDGE-EU', { quantity: -3 }).expect(400);
    await as(user).put('/store/cart/BRIDGE-EU', { quantity: 0 }).expect(400);
    await as(user).put('/store/cart/ETH-ADAPTER', { quantity: 2 }).expect(404);
    await as(user).delete('/store/cart/ETH-ADAPTER').expect(404);
    expect((await as(user).get('/store/cart').expect(200)).body.items).toEqual([expect.objectContaining({ sku: 'BRIDGE-EU', quantity: 99 })]);
  });

  it('when the locale changes, then prices follow the currency; a country not delivered to is 400, a product not sold in the currency 409', async () => {
    const user = await shop.account.user('store');
    await as(user).post('/store/cart', { sku: 'ZB-MOTION-3' }).expect(200);
    await as(user).put('/store/locale', { country: 'CH', currency: 'CHF', language: 'de' }).expect(409);
    await as(user).put('/store/locale', { country: 'JP', currency: 'EUR', language: 'en' }).expect(400);
    await as(user).put('/store/locale', { country: 'GB', currency: 'GBP' }).expect(400);
    const gb = (await as(user).put('/store/locale', { country: 'GB', currency: 'GBP', language: 'en' }).expect(200)).body;
    // Outside the EU: no VAT.
    expect(gb.totals).toEqual({ currency: 'GBP', subtotal: 999, discount: 0, vatRate: 0, vat: 0, total: 999, reverseCharge: false });
    expect((await as(user).get('/store/locale').expect(200)).body).toEqual({ country: 'GB', currency: 'GBP', language: 'en' });
  });

  it('when the shopper gives addresses, then VAT follows where the goods go; countries not delivered to are 400', async () => {
    const user = await shop.account.user('store');
    await as(user).post('/store/cart', { sku: 'HUB-PRO-2023-EU' }).expect(200);
    expect((await as(user).put('/store/userdata', { ...SHOPPER, billing_country: 'BE' }).expect(200)).body.totals).toMatchObject({ vatRate: 2100, vat: 6925, total: 39900 });
    const finland = (await as(user).put('/store/userdata', { ...SHOPPER, shipping_address: true, shipping_firstname: 'Aino', shipping_street: 'Mannerheimintie', shipping_number: '2', shipping_zipcode: '00100', shipping_city: 'Helsinki', shipping_country: 'FI' }).expect(200)).body;
    expect(finland.totals).toMatchObject({ vatRate: 2550, vat: 8409, total: 41384 });
    await as(user).put('/store/userdata', { ...SHOPPER, billing_country: 'JP' }).expect(400);
    await as(user).put('/store/userdata', { ...SHOPPER, email: 'not an address' }).expect(400);
    await as(user).put('/store/userdata', { ...SHOPPER, password: 'secret' }).expect(400);
  });

  it('when a business gives its VAT number, then another EU country is reverse charged, the seller\'s own pays VAT, foreign or invalid numbers are 400', async () => {
    const user = await shop.account.user('store');
    await as(user).post('/store/cart', { sku: 'HUB-PRO-2023-EU' }).expect(200);
    await as(user).put('/store/userdata', { ...SHOPPER, billing_country: 'BE' }).expect(200);
    const be = (await as(user).put('/store/business', { is_business: true, business_name: 'Domotica BV', business_vat: 'BE 0123.456.749' }).expect(200)).body;
    expect(be.business.business_vat).toBe('BE0123456749');
    expect(be.totals).toEqual({ currency: 'EUR', subtotal: 32975, discount: 0, vatRate: 0, vat: 0, total: 32975, reverseCharge: true });
    const foreign = await as(user).put('/store/business', { is_business: true, business_name: 'Uhren AG', business_vat: 'CHE123456789' }).expect(400);
    expect(foreign.body.error_description).toBe('The VAT number CHE123456789 is not valid: CH is not an EU country code');
    await as(user).put('/store/business', { is_business: true, business_name: 'Domotica BV', business_vat: 'BE0123456748' }).expect(400);
    await as(user).put('/store/business', { is_business: true, business_vat: 'BE0123456749' }).expect(400);
    // The VAT number must be of the billing country.
    await as(user).put('/store/business', { is_business: true, business_name: 'Slimme Huizen BV', business_vat: 'NL123456782B01' }).expect(400);
    await as(user).put('/store/userdata', { ...SHOPPER }).expect(400);
    await as(user).put('/store/userdata', { ...SHOPPER, billing_country: 'NL' }).expect(400);
    await as(user).put('/store/business', { is_business: false }).expect(200);
    await as(user).put('/store/userdata', { ...SHOPPER }).expect(200);
    const nl = (await as(user).put('/store/business', { is_business: true, business_name: 'Slimme Huizen BV', business_vat: 'NL123456782B01' }).expect(200)).body;
    expect(nl.totals).toMatchObject({ vatRate: 2100, vat: 6925, reverseCharge: false });
  });

  it('when a coupon is applied, then its discount counts; unknown 404, bad 400, subscription-only 409; null takes it off', async () => {
    const user = await shop.account.user('store');
    await shop.http().post('/coupon').query(shop.secret).send({ couponCode: 'TENOFF', discountPercent: 10 }).expect(200);
    await shop.http().post('/coupon').query(shop.secret).send({ couponCode: 'FREEMONTH', subscriptionType: 'premium', subscriptionQuantity: 1, subscriptionDuration: 'month' }).expect(200);
    await as(user).post('/store/cart', { sku: 'BRIDGE-EU', quantity: 2 }).expect(200);
    const cart = (await as(user).put('/store/coupon', { coupon: 'tenoff' }).expect(200)).body;
    expect(cart.coupon).toBe('TENOFF');
    expect(cart.totals).toEqual({ currency: 'EUR', subtotal: 14710, discount: 1471, vatRate: 2100, vat: 2780, total: 16019, reverseCharge: false });
    await as(user).put('/store/coupon', { coupon: 'NOSUCHCODE' }).expect(404);
    await as(user).put('/store/coupon', { coupon: 'a b' }).expect(400);
    expect((await as(user).put('/store/coupon', { coupon: 'FREEMONTH' }).expect(409)).body.error).toBe('coupon_not_a_discount');
    expect((await as(user).put('/store/coupon', { coupon: null }).expect(200)).body.totals.discount).toBe(0);
  });

  it('when a payment method is chosen, then it is kept; a card without token or an unknown method is 400', async () => {
    const user = await shop.account.user('store');
    expect((await as(user).put('/store/payment', { method: 'ideal' }).expect(200)).body.payment).toEqual({ method: 'ideal' });
    await as(user).put('/store/payment', { method: 'card' }).expect(400);
    await as(user).put('/store/payment', { method: 'cash' }).expect(400);
    await as(user).put('/store/payment', { method: 'card', token: 'not-a-token' }).expect(400);
    expect((await as(user).put('/store/payment', { method: 'card', token: 'tok_visa' }).expect(200)).body.payment).toEqual({ method: 'card', token: 'tok_visa' });
  });

  it('when VAT numbers and zipcodes are looked up, then they answer without a token; bad input 400, an unknown address 404', async () => {
    expect((await shop.http().get('/store/vat').query({ vat: 'nl 123456782 b01' }).expect(200)).body).toEqual({ vat: 'NL123456782B01', valid: true, countryCode: 'NL' });
    expect((await shop.http().get('/store/vat').query({ vat: 'GB123456789' }).expect(200)).body).toEqual({ vat: 'GB123456789', valid: false, reason: 'GB is not an EU country code' });
    await shop.http().get('/store/vat').expect(400);
    await shop.http().get('/store/vat').query({ vat: 'X'.repeat(41) }).expect(400);
    expect((await shop.http().get('/util/zipcode').query({ zipcode: '1071xx', number: '1' }).expect(200)).body).toEqual({ zipcode: '1071 XX', number: '1', street: 'Museumstraat', city: 'Amsterdam', state: 'Noord-Holland', country: 'NL' });
    await shop.http().get('/util/zipcode').query({ zipcode: '1071 XX', number: '2' }).expect(404);
    await shop.http().get('/util/zipcode').query({ zipcode: '1071 XX' }).expect(400);
    await shop.http().get('/util/zipcode').query({ zipcode: '1071 XX', number: 'one' }).expect(400);
  });

  describe('contract sweep', () => {
    /** Every operation of the contract that the dispatcher serves with a token: 401 without one, 403 without account scopes, 400 for a malformed id. */
    const swept = Object.entries(operations).filter(([id, spec]) => !Object.hasOwn(rawOperations, id) && spec.auth === 'token');
    const call = (method: string, path: string) => {
      const http = shop.http();
      return method === 'get' ? http.get(path) : method === 'put' ? http.put(path) : method === 'post' ? http.post(path) : http.delete(path);
    };
    const pathOf = (path: string, id: string) => path.replace(/\{\w+\}/g, id);

    it.each(swept)("when %s comes without a token or with the account's access token, then 401", async (_id, spec) => {
      await call(spec.method, pathOf(spec.path, 'X1')).send({}).expect(401);
      await call(spec.method, pathOf(spec.path, 'X1')).set('Authorization', `Bearer ${accountToken}`).send({}).expect(401);
    });

    it.each(swept.filter(([, spec]) => spec.pathParams.length))('when %s names a malformed id, then 400', async (_id, spec) => {
      const user = await shop.account.user('store');
      expect((await call(spec.method, pathOf(spec.path, 'not%20an%20id!')).set(user.auth).send({}).expect(400)).body.error).toBe('invalid_request');
    });
  });
});
