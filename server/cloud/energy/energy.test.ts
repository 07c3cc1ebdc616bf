import request from 'supertest';
import { FakeClock } from '../../http/clock.js';
import { priceZoneList } from '../../common/price-zones.js';
import { bearer, startTestHub } from '../../hub/testing/test-hub.js';
import { hubSecret } from '../callers/hub-secret.js';
import { createEnergyService } from './service.js';
import { sampleCovers } from './zones.js';

const key = 'test-deployment-key';
const hubId = '5f7e3a1b2c4d6e8f9a0b1c2d';
const secret = hubSecret(key, hubId);
const day = (date: string, extra: Record<string, string> = {}) => ({ zoneId: 'NL', zoneVersion: '2026-01', date, timezone: 'UTC', ...extra });

describe('cloud energy service: getZones, getZone, getDayAheadPricesElectricity', () => {
  // Monday 23 November 2026, 10:00 CET: the prices of the 23rd are published, those of the 24th not yet.
  const clock = new FakeClock(Date.parse('2026-11-23T09:00:00Z'));
  const energy = createEnergyService({ clock, hubSecretKey: key, validateResponses: true, development: true });
  let url: string;
  beforeAll(async () => {
    url = await energy.listen(0);
  });
  afterAll(() => energy.close());
  const prices = (query: Record<string, string>) => request(url).get('/day-ahead-prices/electricity').query(query);

  it("when the zones are read, then they are the hub's price zones with a version, each with an area and a price level in the sample", async () => {
    const { body } = await request(url).get('/zones').query({ secret }).expect(200);
    expect(body.map((zone: { id: string }) => zone.id)).toEqual(Object.keys(priceZoneList()));
    expect(body.find((zone: { id: string }) => zone.id === 'NO1')).toEqual({ id: 'NO1', name: 'Norway (Oslo)', currency: 'NOK', version: '2026-01' });
    expect(Object.keys(priceZoneList()).filter((id) => !sampleCovers(id))).toEqual([]);
  });

  it.each([
    ['Amsterdam', 'NL', 52.3676, 4.9041],
    ['Brussels (inside the Dutch and French boxes too)', 'BE', 50.8503, 4.3517],
    ['Berlin', 'DE-LU', 52.52, 13.405],
    ['Oslo', 'NO1', 59.9139, 10.7522],
    ['Malmö', 'SE4', 55.605, 13.0038],
  ])('when the zone of %s is asked, then it is %s', async (_name, id, latitude, longitude) => {
    expect((await request(url).get('/zone').query({ latitude, longitude }).expect(200)).body.id).toBe(id);
  });

  it('when a published day is asked twice, then 24 hourly prices in cents per MWh come, the same both times', async () => {
    const first = (await prices(day('2026-11-22')).expect(200)).body;
    expect(first).toMatchObject({ zoneId: 'NL', zoneVersion: '2026-01', date: '2026-11-22', timezone: 'UTC', currency: 'EUR', interval: 60 });
    expect(first.prices).toHaveLength(24);
    expect(first.prices[0]).toMatchObject({ periodStart: '2026-11-22T00:00:00.000Z', periodEnd: '2026-11-22T01:00:00.000Z' });
    expect(first.prices.every(({ price }: { price: number }) => Number.isInteger(price) && price > 2000 && price < 25000)).toBe(true);
    // The evening peak (18:00 CET) costs more than the night (03:00 CET).
    expect(first.prices[17].price).toBeGreaterThan(first.prices[2].price * 1.5);
    expect((await prices(day('2026-11-22')).expect(200)).body).toEqual(first);
  });

  it('when the day is one of a time zone with a daylight saving change, then it has 23 or 25 hours from its own midnight', async () => {
    const spring = (await prices(day('2026-03-29', { timezone: 'Europe/Amsterdam' })).expect(200)).body.prices;
    expect(spring).toHaveLength(23);
    expect(spring[0].periodStart).toBe('2026-03-28T23:00:00.000Z');
    expect((await prices(day('2026-10-25', { timezone: 'Europe/Amsterdam' })).expect(200)).body.prices).toHaveLength(25);
  });

  it('when quarter hours and another currency are asked, then 96 prices come, converted at the sample rate', async () => {
    const hourly = (await prices(day('2026-11-20')).expect(200)).body.prices;
    const quarters = (await prices(day('2026-11-20', { interval: '15', currency: 'NOK' })).expect(200)).body;
    expect(quarters).toMatchObject({ currency: 'NOK', interval: 15 });
    expect(quarters.prices).toHaveLength(96);
    const hourMean = (hour: number) => quarters.prices.slice(hour * 4, hour * 4 + 4).reduce((sum: number, { price }: { price: number }) => sum + price, 0) / 4;
    // Each quarter lies on the line between the hours' prices: their mean is near the hour's.
    expect(Math.abs(hourMean(12) / 11.7 / hourly[12].price - 1)).toBeLessThan(0.1);
  });

  it('when the next day is asked before 12:45 CET, then 404; from 12:45 its prices are published', async () => {
    const tomorrow = day('2026-11-24', { timezone: 'Europe/Amsterdam' });
    expect((await prices(tomorrow).expect(404)).body.error_description).toContain('not published yet');
    // A UTC day ends at 01:00 CET the next day: its last hour is published only with that day.
    await prices(day('2026-11-23')).expect(404);
    clock.set(Date.parse('2026-11-23T11:45:00Z'));
    await prices(tomorrow).expect(200);
    await prices(day('2026-11-23')).expect(200);
  });

  it.each([
    ['an unknown zone', day('2026-11-23', { zoneId: 'XX' }), 404],
    ['an old zone version', day('2026-11-23', { zoneVersion: '2025-02' }), 409],
    ['a day that does not exist', day('2026-02-30'), 400],
    ['a time zone that is not one', day('2026-11-23', { timezone: 'Mars/Olympus' }), 400],
    ['an interval the market does not have', day('2026-11-23', { interval: '30' }), 400],
    ['a currency without a rate', day('2026-11-23', { currency: 'JPY' }), 400],
    ['no date', { zoneId: 'NL', zoneVersion: '2026-01', timezone: 'UTC' }, 400],
  ])('when the prices are asked for %s, then %s', async (_name, query, status) => {
    expect((await prices(query).expect(status)).body.statusCode).toBe(status);
  });

  it('when a place is outside every zone or its latitude is not one, then 404 and 400', async () => {
    await request(url).get('/zone').query({ latitude: 40.71, longitude: -74.0 }).expect(404);
    await request(url).get('/zone').query({ latitude: 'north', longitude: 4 }).expect(400);
  });

  it.each([
    ['/zones', {}],
    ['/zone', { latitude: 52.37, longitude: 4.9 }],
    ['/day-ahead-prices/electricity', day('2026-11-23')],
  ])('when %s is called with a secret this deployment did not issue, then 401 (none at all is fine: public data)', async (path, query) => {
    await request(url).get(path).query(query).expect(200);
    const forged = `${hubId}.${'A'.repeat(43)}`;
    expect((await request(url).get(path).query({ ...query, secret: forged }).expect(401)).body.error).toBe('invalid_secret');
    expect((await request(url).get(path).query({ ...query, secret: '' }).expect(401)).body.error).toBe('unauthorized');
  });

  it('when the service has no hub secret key, then a hub secret gets 403', async () => {
    const keyless = createEnergyService({ clock });
    const keylessUrl = await keyless.listen(0);
    try {
      expect((await request(keylessUrl).get('/zones').query({ secret }).expect(403)).body.error).toBe('forbidden');
    } finally {
      await keyless.close();
    }
  });

  it("when a hub with the service chooses a zone, then its dynamic prices are the zone's day-ahead prices per kWh, after its user costs", async () => {
    const hub = await startTestHub({ energyUrl: url });
    try {
      const owner = bearer(hub.token);
      const base = '/api/manager/energy/price/electricity/dynamic';
      await hub.http().put(`${base}/zone`).set(owner).send({ options: { zoneId: 'NO1' } }).expect(200);
      await hub.http().put(`${base}/user-costs`).set(owner).send({ mathExpression: 'price * 1.25', type: 'electricity' }).expect(204);
      const { body } = await hub.http().get(base).query({ date: '2026-11-22' }).set(owner).expect(200);
      const market = (await prices(day('2026-11-22', { zoneId: 'NO1' })).expect(200)).body;
      expect(body).toMatchObject({ zone: 'NO1', date: '2026-11-22', currency: 'NOK' });
      expect(body.prices).toHaveLength(24);
      body.prices.forEach((hour: { periodStart: string; price: number; userPrice: number }, index: number) => {
        expect(hour.periodStart).toBe(market.prices[index].periodStart);
        expect(hour.price).toBeCloseTo(market.prices[index].price / 100_000, 8);
        expect(hour.userPrice).toBeCloseTo(hour.price * 1.25, 5);
      });
      expect((await hub.http().get(base).query({ date: '2026-12-24' }).set(owner).expect(404)).body.error_description).toContain('not published yet');
    } finally {
      await hub.stop();
    }
  });
});
