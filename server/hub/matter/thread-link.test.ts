import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const BULB = { productName: 'Essentials A19', vendorName: 'Nanoleaf', kind: 'light', transport: 'thread' };
const WIFI_PLUG = { productName: 'Tapo P110M', vendorName: 'TP-Link', kind: 'plug', transport: 'wifi', ssid: 'Home' };

describe('matter nodes over the hub’s Thread network', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const api = '/api/manager/matter';
  const powerUp = async (device: object) => (await hub.http().post(`${api}/simulator/device`).set(auth()).send(device).expect(200)).body.pairingCode as string;
  const commission = (pairingCode: string) => hub.http().post(`${api}/commission`).set(auth()).send({ pairingCode });
  const ping = async (id: string) => (await hub.http().post(`${api}/node/${id}/ping`).set(auth()).send({}).expect(200)).body;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when the Thread network is not running, then a Thread device waits to be commissioned and Thread nodes are unreachable; Wi-Fi ones are not affected', async () => {
    const { body: thread } = await hub.http().get('/api/manager/thread/active-dataset').set(auth()).expect(200);
    const [demoBulb] = Object.keys((await hub.http().get(`${api}/nodes`).set(auth()).expect(200)).body);
    expect(await ping(demoBulb!)).toEqual({ reachable: true, roundTripMs: 40 });
    await hub.http().get('/api/manager/thread/disable').set(auth()).expect(204);

    expect(await ping(demoBulb!)).toEqual({ reachable: false, roundTripMs: null });
    expect((await hub.http().post(`${api}/node/${demoBulb}/diagnostic-report`).set(auth()).send({}).expect(200)).body.reachable).toBe(false);
    const waiting = await powerUp(BULB);
    expect((await commission(waiting).expect(409)).body.error_description).toMatch(/Thread network is not running/);
    const { body: plug } = await commission(await powerUp(WIFI_PLUG)).expect(200);
    expect(await ping(plug.id)).toEqual({ reachable: true, roundTripMs: 8 });

    await hub.http().get('/api/manager/thread/enable').set(auth()).expect(204);
    expect((await commission(waiting).expect(200)).body).toMatchObject({ productName: 'Essentials A19', transport: 'thread' });
    await hub.http().post('/api/manager/thread/reset').set(auth()).send({}).expect(204);
    expect(await ping(demoBulb!)).toEqual({ reachable: false, roundTripMs: null });
    await hub.http().post('/api/manager/thread/active-dataset').set(auth()).send(thread).expect(204);
    expect(await ping(demoBulb!)).toEqual({ reachable: true, roundTripMs: 40 });
  });
});
