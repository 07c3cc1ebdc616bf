import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const base = '/api/manager/google-assistant';

describe('google-assistant manager', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when nothing is set, then the options are their defaults and sync is refused with 409', async () => {
    await hub.http().get(`${base}/option/enabled`).set(auth()).expect(200, { value: false });
    await hub.http().get(`${base}/option/pinCode`).set(auth()).expect(200, { value: null });
    await hub.http().get(`${base}/state`).set(auth()).expect(200, { enabled: false, pinCodeSet: false, lastSync: null });
    const { body } = await hub.http().post(`${base}/sync`).set(auth()).send({}).expect(409);
    expect(body.error_description).toMatch(/not enabled/);
  });

  it('when options are set and unset, then reads and the state follow', async () => {
    await hub.http().put(`${base}/option/pinCode`).set(auth()).send({ value: '4711' }).expect(204);
    await hub.http().get(`${base}/option/pinCode`).set(auth()).expect(200, { value: '4711' });
    await hub.http().put(`${base}/option/enabled`).set(auth()).send({ value: true }).expect(204);
    await hub.http().get(`${base}/option/enabled`).set(auth()).expect(200, { value: true });
    await hub.http().get(`${base}/state`).set(auth()).expect(200, { enabled: true, pinCodeSet: true, lastSync: null });
    await hub.http().delete(`${base}/option/pinCode`).set(auth()).expect(204);
    await hub.http().delete(`${base}/option/enabled`).set(auth()).expect(204);
    await hub.http().get(`${base}/state`).set(auth()).expect(200, { enabled: false, pinCodeSet: false, lastSync: null });
  });

  it('when enabled and synced, then the payload holds each controllable device with its type, traits and room, and the state records it', async () => {
    await hub.http().put(`${base}/option/enabled`).set(auth()).send({ value: true }).expect(204);
    const { body } = await hub.http().post(`${base}/sync`).set(auth()).send({}).expect(200);
    expect(body.agentUserId).toBe(hub.hub.id);
    const devices = hub.hub.store.values('device');
    const light = devices.find((device) => device.name === 'Ceiling light')!;
    const zone = (await hub.http().get(`/api/manager/zones/zone/${light.zone}`).set(auth()).expect(200)).body;
    expect(body.devices).toContainEqual({
      id: light.id,
      type: 'action.devices.types.LIGHT',
      traits: expect.arrayContaining(['action.devices.traits.OnOff', 'action.devices.traits.Brightness']),
      name: { name: 'Ceiling light' },
      roomHint: zone.name,
      willReportState: true,
    });
    const sensorOnly = devices.filter((device) => device.capabilities.every((id) => id.startsWith('alarm_') || id === 'measure_battery'));
    expect(sensorOnly.length).toBeGreaterThan(0);
    for (const device of sensorOnly) expect(body.devices.map((synced: { id: string }) => synced.id)).not.toContain(device.id);
    const state = await hub.http().get(`${base}/state`).set(auth()).expect(200);
    expect(state.body.lastSync).toEqual({ at: expect.any(String), deviceCount: body.devices.length });
  });

  it('when an option value is of the wrong kind, then 400', async () => {
    await hub.http().put(`${base}/option/pinCode`).set(auth()).send({ value: '12' }).expect(400);
    await hub.http().put(`${base}/option/pinCode`).set(auth()).send({ value: 4711 }).expect(400);
    await hub.http().put(`${base}/option/enabled`).set(auth()).send({ value: 'yes' }).expect(400);
    await hub.http().put(`${base}/option/enabled`).set(auth()).send({}).expect(400);
  });

  it('when the caller lacks homey.system, then options and sync are 403 while the state needs only read', async () => {
    const reader = bearer(hub.tokenWith(['homey.system.readonly']));
    await hub.http().get(`${base}/state`).set(reader).expect(200);
    await hub.http().get(`${base}/option/enabled`).set(reader).expect(403);
    await hub.http().put(`${base}/option/enabled`).set(reader).send({ value: true }).expect(403);
    await hub.http().delete(`${base}/option/enabled`).set(reader).expect(403);
    await hub.http().get(`${base}/option/pinCode`).set(reader).expect(403);
    await hub.http().put(`${base}/option/pinCode`).set(reader).send({ value: '1234' }).expect(403);
    await hub.http().delete(`${base}/option/pinCode`).set(reader).expect(403);
    await hub.http().post(`${base}/sync`).set(reader).send({}).expect(403);
  });
});
