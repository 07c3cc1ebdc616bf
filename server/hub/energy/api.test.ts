import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const base = '/api/manager/energy';

describe('energy manager', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const readOnly = () => bearer(hub.tokenWith(['homey.energy.readonly']));
  const zoneNamed = (name: string) => hub.hub.store.values('zone').find((zone) => zone.name === name)!;
  const device = (name: string) => hub.hub.store.values('device').find((candidate) => candidate.name === name)!;

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  describe.each([
    ['electricityPriceFixed', 0.32],
    ['gasPriceFixed', 1.45],
    ['waterPriceFixed', 2.1],
    ['kWhCost', 0.27],
  ])('option %s', (name, value) => {
    it('when set, read and unset, then it answers { value } each time', async () => {
      await hub.http().put(`${base}/option/${name}`).set(auth()).send({ value }).expect(204);
      expect((await hub.http().get(`${base}/option/${name}`).set(readOnly()).expect(200)).body).toEqual({ value });
      await hub.http().delete(`${base}/option/${name}`).set(auth()).expect(204);
      expect((await hub.http().get(`${base}/option/${name}`).set(auth()).expect(200)).body).toEqual({ value: null });
    });

    it.each([[{ value: -1 }], [{ value: 'cheap' }], [{}], [{ value: 101 }]])('when set to %j, then 400', async (body) => {
      const res = await hub.http().put(`${base}/option/${name}`).set(auth()).send(body).expect(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    });

    it('when a read-only token sets or unsets it, then 403', async () => {
      await hub.http().put(`${base}/option/${name}`).set(readOnly()).send({ value }).expect(403);
      await hub.http().delete(`${base}/option/${name}`).set(readOnly()).expect(403);
    });
  });

  it('when kWhCost is set, then electricityPriceFixed is the same value', async () => {
    await hub.http().put(`${base}/option/kWhCost`).set(auth()).send({ value: 0.29 }).expect(204);
    expect((await hub.http().get(`${base}/option/electricityPriceFixed`).set(auth()).expect(200)).body).toEqual({ value: 0.29 });
    await hub.http().delete(`${base}/option/electricityPriceFixed`).set(auth()).expect(204);
    expect((await hub.http().get(`${base}/option/kWhCost`).set(auth()).expect(200)).body).toEqual({ value: null });
  });

  it('when the currency is set, then getCurrency answers it with its symbol; unset, the price zone or EUR applies', async () => {
    expect((await hub.http().get(`${base}/currency`).set(readOnly()).expect(200)).body).toEqual({ currency: 'EUR', symbol: '€', source: 'default' });
    await hub.http().put(`${base}/option/currency`).set(auth()).send({ value: 'GBP' }).expect(204);
    expect((await hub.http().get(`${base}/option/currency`).set(auth()).expect(200)).body).toEqual({ value: 'GBP' });
    expect((await hub.http().get(`${base}/currency`).set(auth()).expect(200)).body).toEqual({ currency: 'GBP', symbol: '£', source: 'option' });
    await hub.http().delete(`${base}/option/currency`).set(auth()).expect(204);
    await hub.http().put(`${base}/price/electricity/dynamic/zone`).set(auth()).send({ options: { zoneId: 'SE3' } }).expect(200);
    expect((await hub.http().get(`${base}/currency`).set(auth()).expect(200)).body).toEqual({ currency: 'SEK', symbol: 'kr', source: 'priceZone' });
    expect((await hub.http().get(`${base}/option/currency`).set(auth()).expect(200)).body).toEqual({ value: null });
  });

  it.each([['XYZ', 'currency must be an ISO 4217 code such as EUR, USD or NOK; XYZ is not one'], ['eur', undefined], ['EURO', undefined]])(
    'when the currency is set to %s, then 400',
    async (value, description) => {
      const { body } = await hub.http().put(`${base}/option/currency`).set(auth()).send({ value }).expect(400);
      if (description) expect(body.error_description).toBe(description);
    },
  );

  it('when the live report of the kitchen is asked, then it sums measure_power of its devices and the approximations of the others, and the whole home includes every zone', async () => {
    const kitchen = zoneNamed('Kitchen');
    const { body } = await hub.http().get(`${base}/live`).query({ zone: kitchen.id }).set(readOnly()).expect(200);
    expect(body).toMatchObject({ zone: kitchen.id, W: 150.4, deviceCount: 3 });
    expect(body.devices[device('Fridge').id]).toMatchObject({ name: 'Fridge', zone: kitchen.id, W: 150, approximated: false });
    expect(body.devices[device('Coffee machine').id]).toMatchObject({ W: 0, approximated: false });
    expect(body.devices[device('Kitchen spots').id]).toMatchObject({ W: 0.4, approximated: true });
    expect(Object.keys(body.zones)).toEqual([kitchen.id]);
    const home = (await hub.http().get(`${base}/live`).set(auth()).expect(200)).body;
    expect(home).toMatchObject({ zone: zoneNamed('Home').id, W: 256.2, deviceCount: 14 });
    expect(home.zones[zoneNamed('Ground floor').id].W).toBe(254.6);
    expect(home.zones[zoneNamed('Living room').id].W).toBe(103.4);
    expect(home.zones[zoneNamed('Garden').id].W).toBe(0.4);
    const ground = (await hub.http().get(`${base}/live`).query({ zone: zoneNamed('Ground floor').id }).set(auth()).expect(200)).body;
    expect(Object.keys(ground.devices)).toHaveLength(9);
  });

  it('when a light without measure_power is switched on and off, then the live report counts its usageOn, then its usageOff', async () => {
    const spots = device('Kitchen spots');
    expect(spots.energy).toEqual({ approximation: { usageOn: 9, usageOff: 0.4 } });
    const live = async () => (await hub.http().get(`${base}/live`).query({ zone: zoneNamed('Kitchen').id }).set(auth()).expect(200)).body;
    const setOnoff = (value: boolean) => hub.http().put(`/api/manager/devices/device/${spots.id}/capability/onoff`).set(auth()).send({ value }).expect(204);
    await setOnoff(true);
    const on = await live();
    expect(on.devices[spots.id]).toEqual({
      id: spots.id, name: 'Kitchen spots', zone: spots.zone, W: 9, approximated: true, lastUpdated: device('Kitchen spots').capabilitiesObj.onoff!.lastUpdated,
    });
    expect(on.W).toBe(159);
    await setOnoff(false);
    expect((await live()).W).toBe(150.4);
  });

  it('when the live report names an unknown zone, then 404; an empty one, 400; without scope, 403', async () => {
    for (const zone of ['nope', '__proto__', 'constructor']) await hub.http().get(`${base}/live`).query({ zone }).set(auth()).expect(404);
    await hub.http().get(`${base}/live`).query({ zone: '' }).set(auth()).expect(400);
    await hub.http().get(`${base}/live`).set(bearer(hub.tokenWith(['homey.device.readonly']))).expect(403);
  });

  it('when the price type is switched, then it is read back; an unknown type is 400', async () => {
    expect((await hub.http().get(`${base}/price/electricity/type`).set(readOnly()).expect(200)).body).toEqual({ type: 'fixed' });
    await hub.http().put(`${base}/price/electricity/dynamic`).set(auth()).send({}).expect(204);
    expect((await hub.http().get(`${base}/price/electricity/type`).set(auth()).expect(200)).body).toEqual({ type: 'dynamic' });
    await hub.http().put(`${base}/price/electricity/hourly`).set(auth()).send({}).expect(400);
    await hub.http().put(`${base}/price/electricity/fixed`).set(readOnly()).send({}).expect(403);
    await hub.http().put(`${base}/price/electricity/fixed`).set(auth()).send({}).expect(204);
  });

  it('when a price zone is chosen, then it is read back; an unknown zone is 404, a malformed body 400', async () => {
    const zones = (await hub.http().get(`${base}/price/electricity/dynamic/zones`).set(readOnly()).expect(200)).body;
    expect(zones.NL).toEqual({ id: 'NL', name: 'Netherlands', currency: 'EUR' });
    for (const [id, zone] of Object.entries<{ id: string }>(zones)) expect(zone.id).toBe(id);
    const chosen = await hub.http().put(`${base}/price/electricity/dynamic/zone`).set(auth()).send({ options: { zoneId: 'NL' } }).expect(200);
    expect(chosen.body).toEqual({ zone: zones.NL });
    expect((await hub.http().get(`${base}/price/electricity/dynamic/zone`).set(auth()).expect(200)).body).toEqual({ zone: zones.NL });
    for (const zoneId of ['XX', '__proto__', 'toString']) await hub.http().put(`${base}/price/electricity/dynamic/zone`).set(auth()).send({ options: { zoneId } }).expect(404);
    await hub.http().put(`${base}/price/electricity/dynamic/zone`).set(auth()).send({ zoneId: 'NL' }).expect(400);
    await hub.http().put(`${base}/price/electricity/dynamic/zone`).set(readOnly()).send({ options: { zoneId: 'NL' } }).expect(403);
  });

  it('when the tariff and user costs are set, then the day prices are the tariff and the user price; without tariff 409', async () => {
    const fresh = await startTestHub();
    try {
      const owner = bearer(fresh.token);
      const fetchPrices = (date: string) => fresh.http().get(`${base}/price/electricity/dynamic`).query({ date }).set(owner);
      expect((await fetchPrices('2026-11-23').expect(409)).body.error_description).toBe('Choose a dynamic price zone first (setDynamicPricesElectricityZone)');
      await fresh.http().put(`${base}/price/electricity/dynamic/zone`).set(owner).send({ options: { zoneId: 'NO1' } }).expect(200);
      expect((await fetchPrices('2026-11-23').expect(409)).body.error_description).toBe('Set the hourly tariff first (setDynamicElectricityPriceTariff)');
      expect((await fresh.http().get(`${base}/price/electricity/dynamic/tariff`).set(owner).expect(200)).body).toEqual({ prices: null });
      const tariff = Array.from({ length: 24 }, (_, hour) => hour / 10);
      await fresh.http().put(`${base}/price/electricity/dynamic/tariff`).set(owner).send({ prices: tariff }).expect(204);
      expect((await fresh.http().get(`${base}/price/electricity/dynamic/tariff`).set(owner).expect(200)).body).toEqual({ prices: tariff });
      await fresh.http().put(`${base}/price/electricity/dynamic/user-costs`).set(owner).send({ mathExpression: '(price + 0.1) * 2', type: 'electricity' }).expect(204);
      expect((await fresh.http().get(`${base}/price/electricity/dynamic/user-costs`).set(owner).expect(200)).body).toEqual({ mathExpression: '(price + 0.1) * 2', type: 'electricity' });
      const { body } = await fetchPrices('2026-11-23').expect(200);
      expect(body).toMatchObject({ zone: 'NO1', date: '2026-11-23', currency: 'NOK' });
      expect(body.prices).toHaveLength(24);
      expect(body.prices[5]).toEqual({ periodStart: '2026-11-23T05:00:00.000Z', periodEnd: '2026-11-23T06:00:00.000Z', price: 0.5, userPrice: 1.2 });
      await fresh.http().delete(`${base}/price/electricity/dynamic/user-costs`).set(owner).expect(204);
      expect((await fetchPrices('2026-11-23').expect(200)).body.prices[5].userPrice).toBe(0.5);
      await fetchPrices('2026-13-01').expect(400);
      await fresh.http().put(`${base}/price/electricity/dynamic/tariff`).set(owner).send({ prices: [1, 2] }).expect(400);
      await fresh.http().put(`${base}/price/electricity/dynamic/tariff`).set(bearer(fresh.tokenWith(['homey.energy.readonly']))).send({ prices: tariff }).expect(403);
    } finally {
      await fresh.stop();
    }
  });

  it.each([
    ['price * 1.21 +', 'mathExpression: expected a number, price or "(" at the end'],
    ['process.exit()', 'mathExpression: unexpected "p" at position 1; use numbers, price, + - * / and parentheses'],
    ['(price + 1', 'mathExpression: expected ")" at the end'],
    ['price price', 'mathExpression: expected an operator at position 7, found "price"'],
    ['price; 1', 'mathExpression: unexpected ";" at position 6; use numbers, price, + - * / and parentheses'],
  ])('when the user costs are %s, then 400 says where', async (mathExpression, description) => {
    const { body } = await hub.http().put(`${base}/price/electricity/dynamic/user-costs`).set(auth()).send({ mathExpression }).expect(400);
    expect(body.error_description).toBe(description);
  });

  it('when user costs are changed without the energy scope, then 403', async () => {
    await hub.http().put(`${base}/price/electricity/dynamic/user-costs`).set(readOnly()).send({ mathExpression: 'price' }).expect(403);
    await hub.http().delete(`${base}/price/electricity/dynamic/user-costs`).set(readOnly()).expect(403);
  });

  it('when the state is asked, then it counts metering devices and the live power', async () => {
    const { body } = await hub.http().get(`${base}/state`).set(bearer(hub.tokenWith(['homey.system.readonly']))).expect(200);
    expect(body).toMatchObject({ measuredDeviceCount: 4, liveW: 256.2, priceType: 'fixed', dummyReports: false });
    await hub.http().get(`${base}/state`).set(readOnly()).expect(403);
  });

  it('when the private dummy operations are called without the energy scope, then 403', async () => {
    await hub.http().post(`${base}/reports/dummy/enable`).set(readOnly()).send({}).expect(403);
    await hub.http().post(`${base}/reports/dummy/disable`).set(readOnly()).send({}).expect(403);
    await hub.http().post(`${base}/reports/dummy/enable`).query({ randomness: 2 }).set(auth()).send({}).expect(400);
  });
});
