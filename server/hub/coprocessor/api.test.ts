import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const HASH = '3f2a9c1e0b7d5a6e4c8b2f1d0e9a7c6b5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a';

describe('coprocessor manager', () => {
  let hub: TestHub;
  const auth = (token = hub.token) => bearer(token);
  const readonly = () => auth(hub.tokenWith(['homey.system.readonly']));
  const api = '/api/manager/coprocessor';

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when peripherals are configured and modulated, then the state shows it and the bridge log tells it', async () => {
    await hub.http().put(`${api}/rf433/config`).set(auth()).send({ config: { rxEnabled: true, gain: 3 } }).expect(200, { rxEnabled: true, gain: 3 });
    await hub.http().put(`${api}/rf433/config`).set(auth()).send({ config: { gain: null } }).expect(200, { rxEnabled: true });
    const { body: modulation } = await hub.http().put(`${api}/rf433/modulation`).set(auth()).send({ type: 'FSK', channelDeviation: 20000 }).expect(200);
    expect(modulation).toEqual({ type: 'FSK', carrier: 433920000, baudRate: 4800, channelSpacing: 200000, channelDeviation: 20000 });
    const { body: state } = await hub.http().get(`${api}/state`).set(readonly()).expect(200);
    expect(state.peripherals.rf433).toEqual({ config: { rxEnabled: true }, modulation });
    expect(state.peripherals.ir.modulation.carrier).toBe(38000);
    await hub.http().put(`${api}/debug`).set(auth()).send({ peripheral: 'rf433', enabled: true }).expect(204);
    expect((await hub.http().get(`${api}/state`).set(auth()).expect(200)).body.debug).toEqual({ rf433: true });
    const { body: log } = await hub.http().get(`${api}/bridge/log`).set(readonly()).expect(200);
    expect(log.map((line: { message: string }) => line.message)).toEqual([
      'rf433 configured: {"rxEnabled":true,"gain":3}',
      'rf433 configured: {"rxEnabled":true}',
      'rf433 modulation: FSK at 433920000 Hz, 4800 Bd',
      'Debug logging on for rf433',
    ]);
  });

  it('when a modulation leaves the band or mixes deviation with ASK, or the peripheral is unknown, then 400 or 404', async () => {
    expect((await hub.http().put(`${api}/rf868/modulation`).set(auth()).send({ carrier: 433920000 }).expect(400)).body.error_description).toBe('The rf868 carrier must be from 863000000 to 870000000 Hz, not 433920000');
    expect((await hub.http().put(`${api}/ir/modulation`).set(auth()).send({ channelDeviation: 100 }).expect(400)).body.error_description).toBe('A channel deviation applies to FSK and GFSK only, not OOK: set it to 0');
    await hub.http().put(`${api}/ir/modulation`).set(auth()).send({ type: 'AM' }).expect(400);
    await hub.http().put(`${api}/rf433/config`).set(auth()).send({ config: { nested: {} } }).expect(400);
    await hub.http().put(`${api}/zigbee/modulation`).set(auth()).send({}).expect(404);
    await hub.http().put(`${api}/__proto__/config`).set(auth()).send({ config: {} }).expect(404);
    await hub.http().put(`${api}/rf433/modulation`).set(readonly()).send({}).expect(403);
    await hub.http().put(`${api}/rf433/config`).set(readonly()).send({ config: {} }).expect(403);
    await hub.http().put(`${api}/debug`).set(auth()).send({ peripheral: 'zigbee', enabled: true }).expect(400);
    await hub.http().put(`${api}/debug`).set(readonly()).send({ enabled: true }).expect(403);
    await hub.http().get(`${api}/state`).set(auth(hub.tokenWith(['homey.device']))).expect(403);
  });

  it('when a bridge pairs by its serial hash, then it is listed and logged; twice is 409, a bad hash 400', async () => {
    const { body: bridge } = await hub.http().post(`${api}/bridge`).set(auth()).send({ serialHash: HASH }).expect(200);
    expect(bridge).toEqual({ id: '3f2a9c1e0b7d', serialHash: HASH, pairedAt: expect.any(String) });
    await hub.http().get(`${api}/bridge`).set(readonly()).expect(200, { '3f2a9c1e0b7d': bridge });
    expect((await hub.http().get(`${api}/state`).set(auth()).expect(200)).body.bridgeCount).toBe(1);
    await hub.http().post(`${api}/bridge`).set(auth()).send({ serialHash: HASH }).expect(409);
    await hub.http().post(`${api}/bridge`).set(auth()).send({ serialHash: 'abc' }).expect(400);
    await hub.http().post(`${api}/bridge`).set(readonly()).send({ serialHash: HASH }).expect(403);
    await hub.http().get(`${api}/bridge`).set(auth(hub.tokenWith(['homey.device']))).expect(403);
    await hub.http().get(`${api}/bridge/log`).set(auth(hub.tokenWith(['homey.device']))).expect(403);
    expect((await hub.http().get(`${api}/bridge/log`).set(auth()).expect(200)).body.at(-1).message).toBe('Bridge 3f2a9c1e0b7d paired');
  });
});
