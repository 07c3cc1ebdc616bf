import { bearer, startTestHub, type TestHub } from '../hub/testing/test-hub.js';

/** Reads answered from the item store's snapshots: ETags, 304 and gzip, as npm start serves them. */
describe('cached reads', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const list = '/api/manager/devices/device';
  beforeAll(async () => {
    hub = await startTestHub({ development: false, validateResponses: false });
  });
  afterAll(() => hub.stop());

  it('when a client sends back the ETag of an unchanged list, then 304 without a body and with the Vary of its 200; after a write, 200 with a new ETag', async () => {
    const first = await hub.http().get(list).set(auth()).expect(200);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect((await hub.http().get(list).set(auth()).expect(200)).headers.etag).toBe(etag);
    const unchanged = await hub.http().get(list).set(auth()).set('If-None-Match', etag).expect(304);
    expect(unchanged.text ?? '').toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect(unchanged.headers.vary).toMatch(/Accept-Encoding/);
    await hub.http().get(list).set(auth()).set('If-None-Match', `W/"other", ${etag}`).expect(304);

    const [device] = Object.values<{ id: string; name: string }>(first.body);
    await hub.http().put(`/api/manager/devices/device/${device!.id}`).set(auth()).send({ name: 'Renamed' }).expect(200);
    const changed = await hub.http().get(list).set(auth()).set('If-None-Match', etag).expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body[device!.id].name).toBe('Renamed');
  });

  it('when a read is not of a snapshot, then it carries an ETag too and answers 304 when unchanged', async () => {
    const res = await hub.http().get('/api/manager/zones/state').set(auth()).expect(200);
    await hub.http().get('/api/manager/zones/state').set(auth()).set('If-None-Match', res.headers.etag!).expect(304);
  });

  it('when an ETag comes without a token, then 401: validation never skips authorization', async () => {
    const { headers } = await hub.http().get(list).set(auth()).expect(200);
    await hub.http().get(list).set('If-None-Match', headers.etag!).expect(401);
  });

  it('when the client accepts gzip, then a large list comes gzipped and decodes to the same JSON; a small answer does not', async () => {
    const plain = await hub.http().get(list).set(auth()).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // supertest inflates what it receives, as browsers do.
    const zipped = await hub.http().get(list).set(auth()).set('Accept-Encoding', 'gzip, deflate').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(zipped.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']) / 3);
    expect(zipped.body).toEqual(plain.body);
    const small = await hub.http().get('/api/manager/system/ping').set('Accept-Encoding', 'gzip').expect(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    const refused = await hub.http().get(list).set(auth()).set('Accept-Encoding', 'gzip;q=0').expect(200);
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});
