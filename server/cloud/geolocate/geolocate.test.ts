import request from 'supertest';
import { createGeolocateService } from './service.js';

const homeyId = '5f7e3a1b2c4d6e8f9a0b1c2d';
const tower = (cellId: number, signal?: number, lac = 1010) => ({ mcc: 204, mnc: 8, lac, cellId, ...(signal === undefined ? {} : { signal }) });

describe('cloud geolocate service: getLocation', () => {
  const geolocate = createGeolocateService({ validateResponses: true, development: true });
  let url: string;
  beforeAll(async () => {
    url = await geolocate.listen(0);
  });
  afterAll(() => geolocate.close());

  const locate = (body: object) => request(url).post('/geolocate').send(body);

  it.each([
    ['one known tower', { towers: [tower(31203)] }, { latitude: 52.3667, longitude: 4.9037, accuracy: 1100, source: 'towers', city: 'Amsterdam' }],
    ['an IPv4 address of a range', { homeyId, homeyIP: '198.51.100.23' }, { latitude: 51.9244, longitude: 4.4777, accuracy: 15000, source: 'ip', city: 'Rotterdam', country: 'NL' }],
    ['an address at the edge between two ranges', { homeyIP: '192.0.2.128' }, { source: 'ip', city: 'Utrecht' }],
    ['an IPv6 address', { homeyIP: '2001:db8:1::42' }, { source: 'ip', city: 'Oslo', country: 'NO' }],
    ['unknown towers and a known address', { towers: [tower(1)], homeyIP: '203.0.113.70' }, { source: 'ip', city: 'Brussels' }],
    ['known towers and a known address (towers win)', { towers: [tower(77001, -60, 2201)].map((t) => ({ ...t, mnc: 16 })), homeyIP: '203.0.113.70' }, { source: 'towers', city: 'Rotterdam' }],
  ])('when the hub sends %s, then it is located there, without a token', async (_name, body, expected) => {
    expect((await locate(body).expect(200)).body).toMatchObject(expected);
  });

  it('when two towers are heard, then the place lies between them, nearer the stronger, and the accuracy is the larger range', async () => {
    const { body } = await locate({ towers: [tower(31201, -60), tower(31202, -80)] }).expect(200);
    expect(body.latitude).toBeGreaterThan(52.3731);
    expect(body.latitude).toBeLessThan(52.3752);
    expect(body.latitude - 52.3731).toBeLessThan(52.3752 - body.latitude);
    expect(body.accuracy).toBe(900);
  });

  it('when no address is sent, then the address the call came from is looked up (here a loopback one: 404)', async () => {
    const res = await locate({ homeyId }).expect(404);
    expect(res.body).toMatchObject({ error: 'not_found', error_description: 'Location not found', statusCode: 404 });
  });

  it.each([
    ['an address that is not one', { homeyIP: '999.1.1.1' }, 'homeyIP'],
    ['a tower without its cell id', { towers: [{ mcc: 204, mnc: 8, lac: 1010 }] }, 'cellId'],
    ['a hub id that is not one', { homeyId: 'home' }, 'homeyId'],
    ['a field the operation does not take', { wifi: [] }, 'wifi'],
  ])('when the body has %s, then 400 naming it', async (_name, body, named) => {
    const res = await locate(body).expect(400);
    expect(res.body.error_description).toContain(named);
  });

  it('when a bogus token comes, then the public lookup answers all the same (no 401 or 403 exists)', async () => {
    await locate({ homeyIP: '192.0.2.1' }).set('Authorization', 'Bearer nope').expect(200);
  });
});
