import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { onCapabilityChanged, type CapabilityChange } from './device.js';

describe('setting capability values', () => {
  let hub: TestHub;
  const auth = (token = hub.token) => bearer(token);
  const named = (name: string) => hub.hub.store.values('device').find((device) => device.name === name)!;
  const value = (name: string, capability: string) => named(name).capabilitiesObj[capability]!.value;
  const set = (name: string, capability: string, body: object, token = hub.token) =>
    hub.http().put(`/api/manager/devices/device/${named(name).id}/capability/${capability}`).set(auth(token)).send(body);

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a value is set, then it is stored with a fresh lastUpdated and read back', async () => {
    const before = named('Bedside lamp').capabilitiesObj.light_temperature!.lastUpdated!;
    await set('Bedside lamp', 'light_temperature', { value: 0.25, transactionId: 't-1' }).expect(204);
    const entry = named('Bedside lamp').capabilitiesObj.light_temperature!;
    expect(entry.value).toBe(0.25);
    expect(Date.parse(entry.lastUpdated!)).toBeGreaterThanOrEqual(Date.parse(before));
    const { body } = await hub.http().get(`/api/manager/devices/device/${named('Bedside lamp').id}/capability/light_temperature`).set(auth()).expect(200);
    expect(body).toBe(0.25);
  });

  it('when values change, then in-process listeners hear each one after the commit, with the old value and the hub clock', async () => {
    const heard: CapabilityChange[] = [];
    const stop = onCapabilityChanged(hub.hub, (change) => heard.push(change));
    await set('Kitchen spots', 'dim', { value: 0.3, transactionId: 't-2' }).expect(204);
    const storedAt = Date.parse(named('Kitchen spots').capabilitiesObj.dim!.lastUpdated!);
    stop();
    await set('Kitchen spots', 'dim', { value: 0 }).expect(204);
    const dim = heard.find((change) => change.capabilityId === 'dim')!;
    expect(dim).toMatchObject({ value: 0.3, transactionId: 't-2', device: { name: 'Kitchen spots' } });
    expect(dim.time).toBe(storedAt);
    // Dimming above 0 turned the light on: the hardware's own change is heard too, under a transaction of its own.
    expect(heard.find((change) => change.capabilityId === 'onoff')).toMatchObject({ value: true, previous: false });
    expect(heard).toHaveLength(2);
  });

  it('when the value has the wrong type, is out of range or is not an enum value, then 400 says so', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['Bedroom thermostat', 'target_temperature', 40, 'target_temperature must be between 5 and 35, not 40'],
      ['Bedroom thermostat', 'target_temperature', 'warm', 'target_temperature needs a number, not "warm"'],
      ['Bedroom thermostat', 'thermostat_mode', 'turbo', 'thermostat_mode must be one of auto, heat, cool, off, not "turbo"'],
      ['Kitchen spots', 'onoff', 1, 'onoff needs true or false, not 1'],
      ['Kitchen spots', 'dim', -0.1, 'dim must be between 0 and 1, not -0.1'],
      ['Fridge', 'measure_power', 10, 'measure_power cannot be set: the device reports it'],
    ];
    for (const [name, capability, bad, message] of cases) {
      const res = await set(name, capability, { value: bad }).expect(400);
      expect(res.body).toEqual({ error: 'invalid_request', error_description: message, statusCode: 400, stack: expect.any(String) });
    }
    const missing = await set('Kitchen spots', 'onoff', { transactionId: 'x' }).expect(400);
    expect(missing.body.error_description).toMatch(/Missing argument: value/);
    await set('Kitchen spots', 'onoff', { value: { on: true } }).expect(400);
    const nothing = await set('Kitchen spots', 'onoff', { value: null }).expect(400);
    expect(nothing.body.error_description).toBe('Invalid argument value: must be string,number,boolean');
    await set('Kitchen spots', 'onoff', { value: true, extra: 1 }).expect(400);
  });

  it('when the device or capability is unknown, then 404; without a token 401; without the scope 403', async () => {
    await hub.http().put('/api/manager/devices/device/nope/capability/onoff').set(auth()).send({ value: true }).expect(404);
    const missing = await set('Kitchen spots', 'locked', { value: true }).expect(404);
    expect(missing.body.error_description).toBe('Capability not found: locked (Kitchen spots has onoff, dim, light_temperature)');
    await hub.http().put(`/api/manager/devices/device/${named('Kitchen spots').id}/capability/onoff`).send({ value: true }).expect(401);
    const denied = await set('Kitchen spots', 'onoff', { value: true }, hub.tokenWith(['homey.device.readonly'])).expect(403);
    expect(denied.body.error_description).toBe('Missing scope: homey.device.control');
  });

  it('when a thermostat gets a value between steps, then it is rounded to its step of 0.5', async () => {
    await set('Bedroom thermostat', 'target_temperature', { value: 20.3 }).expect(204);
    expect(value('Bedroom thermostat', 'target_temperature')).toBe(20.5);
    await set('Bedroom thermostat', 'thermostat_mode', { value: 'auto' }).expect(204);
    expect(value('Bedroom thermostat', 'thermostat_mode')).toBe('auto');
  });

  it('when a light is dimmed above 0 it turns on, and at 0 it turns off', async () => {
    expect(value('Kitchen spots', 'onoff')).toBe(false);
    await set('Kitchen spots', 'dim', { value: 0.5 }).expect(204);
    expect(value('Kitchen spots', 'onoff')).toBe(true);
    await set('Kitchen spots', 'dim', { value: 0 }).expect(204);
    expect(value('Kitchen spots', 'onoff')).toBe(false);
  });

  it('when a socket switches, then its power follows and its meter counts what it drew', async () => {
    expect(value('Coffee machine', 'measure_power')).toBe(0);
    await set('Coffee machine', 'onoff', { value: true }).expect(204);
    expect(value('Coffee machine', 'measure_power')).toBe(1200);
    const socket = named('Coffee machine');
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    hub.hub.store.save('device', { ...socket, capabilitiesObj: { ...socket.capabilitiesObj, measure_power: { ...socket.capabilitiesObj.measure_power!, lastUpdated: hourAgo } } });
    const meter = value('Coffee machine', 'meter_power') as number;
    await set('Coffee machine', 'onoff', { value: false }).expect(204);
    expect(value('Coffee machine', 'measure_power')).toBe(0);
    expect(value('Coffee machine', 'meter_power') as number).toBeCloseTo(meter + 1.2, 3);
    await set('Coffee machine', 'onoff', { value: true }).expect(204);
    await hub.http().put(`/api/manager/devices/device/${socket.id}/settings`).set(auth()).send({ load_watts: 900 }).expect(200);
    expect(value('Coffee machine', 'measure_power')).toBe(900);
  });

  it('when a virtual motion sensor senses motion, then its zone becomes active until it stops', async () => {
    const sensor = named('Bathroom motion');
    const zone = () => hub.hub.store.get('zone', sensor.zone)!;
    expect(zone().active).toBe(false);
    await set('Bathroom motion', 'alarm_motion', { value: true }).expect(204);
    expect(zone()).toMatchObject({ active: true, activeOrigins: [`homey:device:${sensor.id}`] });
    expect(Date.parse(zone().activeLastUpdated!)).not.toBeNaN();
    const { body } = await hub.http().get(`/api/manager/zones/zone/${sensor.zone}`).set(auth()).expect(200);
    expect(body.active).toBe(true);
    await set('Bathroom motion', 'alarm_motion', { value: false }).expect(204);
    expect(zone()).toMatchObject({ active: false, activeOrigins: [] });
  });

  it('when an active motion sensor moves or is deleted, then the activity moves with it or ends', async () => {
    const sensor = named('Living room motion');
    const kitchen = hub.hub.store.values('zone').find((zone) => zone.name === 'Kitchen')!;
    await set('Living room motion', 'alarm_motion', { value: true }).expect(204);
    await hub.http().put(`/api/manager/devices/device/${sensor.id}`).set(auth()).send({ zone: kitchen.id }).expect(200);
    expect(hub.hub.store.get('zone', sensor.zone)!.active).toBe(false);
    expect(hub.hub.store.get('zone', kitchen.id)!.activeOrigins).toEqual([`homey:device:${sensor.id}`]);
    await hub.http().delete(`/api/manager/devices/device/${sensor.id}`).set(auth()).expect(204);
    expect(hub.hub.store.get('zone', kitchen.id)!.active).toBe(false);
  });
});
