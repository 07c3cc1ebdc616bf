import request from 'supertest';
import { parsePronto } from '../../hub/rf/pronto.js';
import { hubSecret } from '../callers/hub-secret.js';
import { buildLibrary } from './library-build.js';
import shipped from './library.json' with { type: 'json' };
import { encode } from './protocols.js';
import { createInfraredService } from './service.js';

const key = 'test-deployment-key';
const secret = hubSecret(key, '5f7e3a1b2c4d6e8f9a0b1c2d');
const ids = (body: Array<{ id: string }>) => body.map((item) => item.id);

describe('the shipped infrared library', () => {
  it('when the library is rebuilt from its source, then it is the shipped file (run scripts/infrared-library.ts after a change)', () => {
    expect(buildLibrary()).toEqual(shipped);
  });

  it("when every code is read as the hub's transmitter reads it, then each is a valid Pronto code at its protocol's carrier: a few hundred in all", () => {
    const codes = shipped.devices.flatMap((device) => device.codes.map(({ pronto }) => ({ protocol: device.protocol, code: parsePronto(pronto) })));
    expect(codes.length).toBeGreaterThanOrEqual(250);
    const carriers = new Map([['NEC1', 38_000], ['NECx', 38_000], ['Sony12', 40_000], ['RC5', 36_000]]);
    for (const { protocol, code } of codes) expect(Math.abs(code.carrierHz - carriers.get(protocol)!)).toBeLessThan(500);
  });

  it.each([
    // Published Pronto codes of these keys, as remote databases list them (Samsung's E0E040BF, Sony's SIRC power, Philips RC5 standby).
    ['Samsung TV power (NEC with a 4.5 ms leader, 7.7, function 2)', 'E0E040BF', encode('NECx', 7, 7, 2)],
    ['LG TV power (NEC, 4, function 8)', '20DF10EF', encode('NEC1', 4, -1, 8)],
  ])('when %s is encoded, then its bits are the well-known code %s', (_name, hex, pronto) => {
    const { once } = parsePronto(pronto);
    // Pulse distance: the space after each of the 32 data marks is long for 1 (LSB first per byte).
    const bits = once.slice(2, 66).filter((_, index) => index % 2 === 1).map((space) => (space > 1000 ? 1 : 0));
    const bytes = [0, 1, 2, 3].map((byte) => bits.slice(byte * 8, byte * 8 + 8).reduceRight<number>((value, bit) => value * 2 + bit, 0));
    const reversed = bytes.map((byte) => parseInt(byte.toString(2).padStart(8, '0').split('').reverse().join(''), 2));
    expect(reversed.map((byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join('')).toBe(hex);
  });

  it('when Sony and Philips power are encoded, then their bursts are those of SIRC (12 bits after a 2.4 ms leader) and RC5 (Manchester halves of 889 µs)', () => {
    const sony = parsePronto(encode('Sony12', 1, -1, 21)).repeat;
    expect(sony.slice(0, 2).map((us) => Math.round(us / 100) * 100)).toEqual([2400, 600]);
    const marks = sony.slice(2).filter((_, index) => index % 2 === 0).map((us) => (us > 900 ? 1 : 0));
    expect(marks).toEqual([1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0]);
    const philips = parsePronto(encode('RC5', 0, -1, 12)).repeat;
    expect(philips.slice(0, -1).every((us) => Math.abs(us - 889) < 20 || Math.abs(us - 1778) < 20)).toBe(true);
  });
});

describe('cloud infrared service: getBrands, getTypes, searchDevices, getDevices, getDevice', () => {
  const infrared = createInfraredService({ hubSecretKey: key, validateResponses: true, development: true });
  let url: string;
  beforeAll(async () => {
    url = await infrared.listen(0);
  });
  afterAll(() => infrared.close());
  const get = (path: string, query: Record<string, string> = {}) => request(url).get(path).query(query);

  it.each([
    ['/brand', {}, ['lg', 'philips', 'samsung', 'sony', 'toshiba', 'yamaha']],
    ['/brand', { type: 'receiver' }, ['yamaha']],
    ['/type', {}, ['receiver', 'bluray', 'tv']],
    ['/type', { brand: 'lg' }, ['bluray', 'tv']],
    ['/device', { brand: 'lg' }, ['lg-bluray', 'lg-tv']],
    ['/device', { type: 'tv', name: 'BRAVIA' }, ['sony-tv']],
    ['/device/search', { query: 'tv samsung' }, ['samsung-tv']],
    ['/device/search', { query: 'blu-ray' }, ['lg-bluray']],
    ['/device/search', { query: 'toaster' }, []],
  ])('when %s is asked with %j, without a token, then it answers %j', async (path, query, expected) => {
    expect(ids((await get(path, query).expect(200)).body)).toEqual(expected);
  });

  it('when a hub asks for a device with its secret, then every key comes with its Pronto code, in the remote order', async () => {
    const { body } = await get('/device/yamaha-receiver', { secret }).expect(200);
    expect(body).toMatchObject({ id: 'yamaha-receiver', brand: 'yamaha', type: 'receiver', protocol: 'NEC1' });
    expect(body.keys.slice(0, 3)).toEqual(['inputVcr', 'presetUp', 'presetDown']);
    expect(body.codes.powerOn).toBe(encode('NEC1', 122, -1, 29));
    expect(Object.keys(body.codes)).toEqual(body.keys);
  });

  it.each([
    ['an unknown type', 400, '/brand', { type: 'toaster' }],
    ['a search of one letter', 400, '/device/search', { query: 'a' }],
    ['a search without a query', 400, '/device/search', {}],
    ['a malformed device id', 400, '/device/Samsung_TV', { secret }],
    ['an unknown brand', 404, '/type', { brand: 'acme' }],
    ['an unknown brand among the devices', 404, '/device', { brand: 'acme' }],
    ['an unknown device', 404, '/device/acme-tv', { secret }],
    ['a device without a secret', 401, '/device/lg-tv', {}],
    ['a device with a forged secret', 401, '/device/lg-tv', { secret: `5f7e3a1b2c4d6e8f9a0b1c2d.${'x'.repeat(43)}` }],
  ])('when asked for %s, then %s', async (_name, status, path, query) => {
    expect((await get(path, query).expect(status)).body.statusCode).toBe(status);
  });

  it('when the service holds no hub secret key, then a device answers 403 to every secret', async () => {
    const keyless = createInfraredService();
    const keylessUrl = await keyless.listen(0);
    try {
      await request(keylessUrl).get('/device/lg-tv').query({ secret }).expect(403);
    } finally {
      await keyless.close();
    }
  });
});
