import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const NANOLEAF = { productName: 'Essentials A19', vendorName: 'Nanoleaf', kind: 'light', transport: 'thread', otherFabrics: ['Apple Home', 'SmartThings'] };

describe('matter commissioning windows (multi-admin)', () => {
  const clock = new FakeClock(Date.parse('2026-11-23T17:00:00Z'));
  let hub: TestHub;
  let deviceId: string;
  let nodeId: string;
  const auth = (token = hub.token) => bearer(token);
  const api = '/api/manager/matter';
  const open = (body: object) => hub.http().post(`${api}/open-commissioning-window`).set(auth()).send({ deviceId, ...body });
  const join = (pairingCode: string, label: string) => hub.http().post(`${api}/simulator/fabric`).set(auth()).send({ pairingCode, label });

  beforeAll(async () => {
    hub = await startTestHub({ clock });
    const { body: { pairingCode } } = await hub.http().post(`${api}/simulator/device`).set(auth()).send(NANOLEAF).expect(200);
    nodeId = (await hub.http().post(`${api}/commission`).set(auth()).send({ pairingCode }).expect(200)).body.id;
    await hub.http().get(`${api}/interview`).query({ nodeId }).set(auth()).expect(200);
    deviceId = (await hub.http().get(`${api}/make-device`).query({ nodeId }).set(auth()).expect(200)).body.deviceId;
  });
  afterAll(() => hub.stop());

  it('when another controller enters the open window’s code, then the device joins its fabric and the window closes', async () => {
    const { body: first } = await open({ timeout: 180 }).expect(200);
    expect(first).toEqual({ pairingCode: expect.stringMatching(/^\d{11}$/), expiresAt: '2026-11-23T17:03:00.000Z' });
    expect((await open({ timeout: 300 }).expect(409)).body.error_description).toMatch(/open until 2026-11-23T17:03:00.000Z/);
    const { body: second } = await open({ timeout: 300, revokeExisting: true }).expect(200);
    expect(second.pairingCode).not.toBe(first.pairingCode);
    await join(first.pairingCode, 'Google Home').expect(404);

    const { body: node } = await join(second.pairingCode, 'Google Home').expect(200);
    expect(node.fabrics).toEqual([
      { fabricIndex: 1, label: 'Homey', own: true },
      { fabricIndex: 2, label: 'Apple Home', own: false },
      { fabricIndex: 3, label: 'SmartThings', own: false },
      { fabricIndex: 4, label: 'Google Home', own: false },
    ]);
    await hub.http().get(`${api}/fabrics`).query({ deviceId }).set(auth()).expect(200, node.fabrics);
    await join(second.pairingCode, 'Alexa').expect(404);
    await open({ timeout: 180 }).expect(200);
  });

  it('when the window’s time-out passes on the hub clock, then its code no longer works', async () => {
    const { body: window } = await open({ timeout: 180, revokeExisting: true }).expect(200);
    clock.advance(180_000);
    await join(window.pairingCode, 'Alexa').expect(404);
    await open({ timeout: 180 }).expect(200);
  });

  it('when the device is in five fabrics, then a sixth is a 409; removing one makes room', async () => {
    const { body: window } = await open({ timeout: 180, revokeExisting: true }).expect(200);
    expect((await join(window.pairingCode, 'Alexa').expect(200)).body.fabrics).toHaveLength(5);
    const { body: full } = await open({ timeout: 180 }).expect(200);
    expect((await join(full.pairingCode, 'Home Assistant').expect(409)).body.error_description).toMatch(/5 fabrics/);
    await hub.http().delete(`${api}/node/${nodeId}/fabric/3`).set(auth()).expect(204);
    expect((await join(full.pairingCode, 'Home Assistant').expect(200)).body.fabrics.map((fabric: { label: string }) => fabric.label)).toEqual(['Homey', 'Apple Home', 'Google Home', 'Alexa', 'Home Assistant']);
  });

  it('when the input is bad, then 400; without the scope 403', async () => {
    await join('123', 'Alexa').expect(400);
    await join('12345678901', '').expect(400);
    await hub.http().post(`${api}/simulator/fabric`).set(auth(hub.tokenWith(['homey.system.readonly']))).send({ pairingCode: '12345678901', label: 'Alexa' }).expect(403);
    await hub.http().post(`${api}/open-commissioning-window`).set(auth(hub.tokenWith(['homey.system.readonly']))).send({ deviceId }).expect(403);
  });
});
