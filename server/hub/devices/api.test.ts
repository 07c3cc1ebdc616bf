import { readFileSync } from 'node:fs';
import HomeyLib from 'homey-lib';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import type { Device } from './device.js';

describe('devices manager', () => {
  let hub: TestHub;
  const auth = (token = hub.token) => bearer(token);
  const named = (name: string) => hub.hub.store.values('device').find((device) => device.name === name)!;
  const zoneNamed = (name: string) => hub.hub.store.values('zone').find((zone) => zone.name === name)!;
  let readonly: string;
  let control: string;

  beforeAll(async () => {
    hub = await startTestHub();
    readonly = hub.tokenWith(['homey.device.readonly']);
    control = hub.tokenWith(['homey.zone']);
  });
  afterAll(() => hub.stop());

  it('when the demo home starts, then it has at least 20 devices of several classes in several zones', async () => {
    const { body } = await hub.http().get('/api/manager/devices/device').set(auth()).expect(200).expect('Content-Type', /application\/json/);
    const devices = Object.values<Device>(body);
    expect(devices.length).toBeGreaterThanOrEqual(20);
    expect(new Set(devices.map((device) => device.class)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(devices.map((device) => device.zone)).size).toBeGreaterThanOrEqual(6);
    for (const [id, device] of Object.entries<Device>(body)) {
      expect(device.id).toBe(id);
      expect(device).not.toHaveProperty('uri');
      expect(Object.keys(device.capabilitiesObj).sort()).toEqual([...device.capabilities].sort());
    }
  });

  it('when reading the state, then it counts devices and groups; bad input, no token and no scope are refused', async () => {
    const { body } = await hub.http().get('/api/manager/devices/state').set(auth()).expect(200);
    expect(body).toEqual({ deviceCount: hub.hub.store.count('device'), groupCount: 1, availableCount: hub.hub.store.count('device') });
    const bad = await hub.http().get('/api/manager/devices/state?verbose=1').set(auth()).expect(400);
    expect(bad.body.error_description).toMatch(/Unknown query parameter 'verbose'/);
    await hub.http().get('/api/manager/devices/state').expect(401);
    await hub.http().get('/api/manager/devices/state').set(auth(readonly)).expect(403);
  });

  it('when listing devices without a token, without the scope or with a stray parameter, then 401, 403 and 400', async () => {
    await hub.http().get('/api/manager/devices/device').expect(401);
    const denied = await hub.http().get('/api/manager/devices/device').set(auth(control)).expect(403);
    expect(denied.body.error_description).toBe('Missing scope: homey.device.readonly');
    await hub.http().get('/api/manager/devices/device?zone=x').set(auth()).expect(400);
  });

  it('when getting a device, then it has the protocol fields; unknown ids are 404', async () => {
    const light = named('Ceiling light');
    const { body } = await hub.http().get(`/api/manager/devices/device/${light.id}`).set(auth(readonly)).expect(200);
    expect(body).toMatchObject({
      id: light.id, name: 'Ceiling light', class: 'light', zone: zoneNamed('Living room').id, driverId: 'homey:manager:vdevice:light',
      ownerUri: 'homey:manager:vdevice', available: true, capabilities: ['onoff', 'dim', 'light_temperature'],
    });
    expect(body.capabilitiesObj.dim).toMatchObject({ id: 'dim', type: 'number', title: 'Dim level', getable: true, setable: true, units: '%', min: 0, max: 1, value: 0.8 });
    expect(Date.parse(body.capabilitiesObj.dim.lastUpdated)).not.toBeNaN();
    const missing = await hub.http().get('/api/manager/devices/device/nope').set(auth()).expect(404);
    expect(missing.body).toMatchObject({ error: 'not_found', error_description: 'Device not found', statusCode: 404 });
    await hub.http().get(`/api/manager/devices/device/${light.id}?x=1`).set(auth()).expect(400);
    await hub.http().get(`/api/manager/devices/device/${light.id}`).expect(401);
    await hub.http().get(`/api/manager/devices/device/${light.id}`).set(auth(control)).expect(403);
  });

  it('when updating a device, then only the allowed fields change and bad ones are refused', async () => {
    const lamp = named('Floor lamp');
    const kitchen = zoneNamed('Kitchen').id;
    const { body } = await hub.http().put(`/api/manager/devices/device/${lamp.id}`).set(auth())
      .send({ id: lamp.id, name: 'Reading lamp', zone: kitchen, note: 'Left of the sofa', virtualClass: 'socket', uiIndicator: 'dim', iconOverride: 'lamp' })
      .expect(200);
    expect(body).toMatchObject({ id: lamp.id, name: 'Reading lamp', zone: kitchen, note: 'Left of the sofa', virtualClass: 'socket', uiIndicator: 'dim', class: 'light' });
    const readOnly = await hub.http().put(`/api/manager/devices/device/${lamp.id}`).set(auth()).send({ class: 'socket' }).expect(400);
    expect(readOnly.body.error_description).toMatch(/Unknown argument: device.class/);
    const zone = await hub.http().put(`/api/manager/devices/device/${lamp.id}`).set(auth()).send({ zone: 'nowhere' }).expect(400);
    expect(zone.body.error_description).toBe('Zone not found: nowhere');
    const indicator = await hub.http().put(`/api/manager/devices/device/${lamp.id}`).set(auth()).send({ uiIndicator: 'locked' }).expect(400);
    expect(indicator.body.error_description).toMatch(/^uiIndicator must be one of the device's capabilities/);
    await hub.http().put(`/api/manager/devices/device/${lamp.id}`).set(auth()).send({ name: '' }).expect(400);
    await hub.http().put('/api/manager/devices/device/nope').set(auth()).send({ name: 'X' }).expect(404);
    await hub.http().put(`/api/manager/devices/device/${lamp.id}`).send({ name: 'X' }).expect(401);
    await hub.http().put(`/api/manager/devices/device/${lamp.id}`).set(auth(readonly)).send({ name: 'X' }).expect(403);
  });

  it('when a device moves or its zone is renamed, then its zoneName follows and subscribers hear device.update for the devices in it only', async () => {
    const zoneName = (id: string) => hub.hub.store.get('zone', id)!.name;
    for (const device of hub.hub.store.values('device')) expect(device.zoneName).toBe(zoneName(device.zone));
    const kitchen = zoneNamed('Kitchen');
    const lamp = hub.hub.store.values('device').find((device) => device.zone !== kitchen.id)!;
    const moved = await hub.http().put(`/api/manager/devices/device/${lamp.id}`).set(auth()).send({ zone: kitchen.id }).expect(200);
    expect(moved.body).toMatchObject({ zone: kitchen.id, zoneName: 'Kitchen' });
    const inKitchen = hub.hub.store.values('device').filter((device) => device.zone === kitchen.id);
    const updated: string[] = [];
    const stop = hub.hub.bus.subscribe(({ uri, event, data }) => uri === 'homey:manager:devices' && event === 'device.update' && updated.push((data as Device).id));
    await hub.http().put(`/api/manager/zones/zone/${kitchen.id}`).set(auth()).send({ name: 'Cookhouse' }).expect(200);
    await hub.http().put(`/api/manager/zones/zone/${kitchen.id}`).set(auth()).send({ icon: 'kitchen' }).expect(200);
    stop();
    expect(updated.sort()).toEqual(inKitchen.map((device) => device.id).sort());
    const { body } = await hub.http().get(`/api/manager/devices/device/${lamp.id}`).set(auth()).expect(200);
    expect(body.zoneName).toBe('Cookhouse');
  });

  it('when devices were stored without a zoneName, then the hub fills it in at start', async () => {
    const earlier = await startTestHub();
    for (const { zoneName: _dropped, ...device } of earlier.hub.store.values('device')) earlier.hub.store.save('device', device as Device);
    await earlier.stop({ keepData: true });
    const restarted = await startTestHub({ dataDir: earlier.dataDir });
    try {
      const { body } = await restarted.http().get('/api/manager/devices/device').set(bearer(restarted.token)).expect(200);
      for (const device of Object.values<Device>(body)) expect(device.zoneName).toBe(restarted.hub.store.get('zone', device.zone)!.name);
    } finally {
      await restarted.stop();
    }
  });

  it('when a guest holds a full-scope token, then it can control devices but not rename them', async () => {
    const guest = auth(hub.tokenWith(['homey'], 'guest'));
    const light = named('Hallway light');
    await hub.http().put(`/api/manager/devices/device/${light.id}/capability/onoff`).set(guest).send({ value: true }).expect(204);
    expect(named('Hallway light').capabilitiesObj.onoff!.value).toBe(true);
    const denied = await hub.http().put(`/api/manager/devices/device/${light.id}`).set(guest).send({ name: 'Mine now' }).expect(403);
    expect(denied.body.error_description).toBe('Missing scope: homey.device');
    expect(named('Hallway light').name).toBe('Hallway light');
  });

  it('when deleting a device, then it is gone and its zone can be deleted', async () => {
    const zone = await hub.http().post('/api/manager/zones/zone').set(auth()).send({ name: 'Cellar', icon: 'cellar', parent: zoneNamed('Home').id }).expect(200);
    const socket = named('Garden socket');
    await hub.http().put(`/api/manager/devices/device/${socket.id}`).set(auth()).send({ zone: zone.body.id }).expect(200);
    await hub.http().delete(`/api/manager/zones/zone/${zone.body.id}`).set(auth()).expect(409);
    await hub.http().delete(`/api/manager/devices/device/${socket.id}`).set(auth(readonly)).expect(403);
    await hub.http().delete(`/api/manager/devices/device/${socket.id}`).expect(401);
    await hub.http().delete(`/api/manager/devices/device/${socket.id}?force=true`).set(auth()).expect(400);
    await hub.http().delete(`/api/manager/devices/device/${socket.id}`).set(auth()).expect(204);
    await hub.http().get(`/api/manager/devices/device/${socket.id}`).set(auth()).expect(404);
    await hub.http().delete(`/api/manager/devices/device/${socket.id}`).set(auth()).expect(404);
    await hub.http().delete(`/api/manager/zones/zone/${zone.body.id}`).set(auth()).expect(204);
  });

  it('when reading settings, then each comes with its definition and value; changes are checked', async () => {
    const socket = named('Coffee machine');
    const path = `/api/manager/devices/device/${socket.id}`;
    const { body } = await hub.http().get(`${path}/settings_obj`).set(auth(readonly)).expect(200);
    expect(body.load_watts).toMatchObject({ id: 'load_watts', type: 'number', value: 1200, min: 0, max: 3680, units: 'W' });
    expect(body.child_lock).toMatchObject({ type: 'checkbox', value: false });
    const changed = await hub.http().put(`${path}/settings`).set(auth()).send({ load_watts: 1000, child_lock: true }).expect(200);
    expect(changed.body).toEqual({ load_watts: 1000, child_lock: true });
    expect(named('Coffee machine').settings).toEqual({ load_watts: 1000, child_lock: true });
    const range = await hub.http().put(`${path}/settings`).set(auth()).send({ load_watts: 5000 }).expect(400);
    expect(range.body.error_description).toBe('Setting load_watts must be between 0 and 3680 W, not 5000');
    const unknown = await hub.http().put(`${path}/settings`).set(auth()).send({ colour: 'red' }).expect(400);
    expect(unknown.body.error_description).toBe('Unknown setting: colour (the device has load_watts, child_lock)');
    const type = await hub.http().put(`${path}/settings`).set(auth()).send({ child_lock: 'yes' }).expect(400);
    expect(type.body.error_description).toBe('Setting child_lock needs true or false, not "yes"');
    await hub.http().put(`${path}/settings`).set(auth()).send({}).expect(400);
    await hub.http().get(`${path}/settings_obj?all=1`).set(auth()).expect(400);
    await hub.http().get('/api/manager/devices/device/nope/settings_obj').set(auth()).expect(404);
    await hub.http().put('/api/manager/devices/device/nope/settings').set(auth()).send({ load_watts: 1 }).expect(404);
    await hub.http().get(`${path}/settings_obj`).expect(401);
    await hub.http().put(`${path}/settings`).send({ load_watts: 1 }).expect(401);
    await hub.http().get(`${path}/settings_obj`).set(auth(control)).expect(403);
    await hub.http().put(`${path}/settings`).set(auth(readonly)).send({ load_watts: 1 }).expect(403);
  });

  it('when reading a capability value, then the bare value comes back', async () => {
    const climate = named('Bathroom climate');
    const path = `/api/manager/devices/device/${climate.id}/capability`;
    const { body } = await hub.http().get(`${path}/measure_humidity`).set(auth(readonly)).expect(200).expect('Content-Type', /application\/json/);
    expect(body).toBe(68);
    const missing = await hub.http().get(`${path}/onoff`).set(auth()).expect(404);
    expect(missing.body.error_description).toBe('Capability not found: onoff (Bathroom climate has measure_temperature, measure_humidity, measure_battery)');
    await hub.http().get(`/api/manager/devices/device/nope/capability/onoff`).set(auth()).expect(404);
    await hub.http().get(`${path}/measure_humidity?unit=x`).set(auth()).expect(400);
    await hub.http().get(`${path}/measure_humidity`).expect(401);
    await hub.http().get(`${path}/measure_humidity`).set(auth(control)).expect(403);
  });

  it('when listing capabilities or getting one by owner uri and id, then definitions come back; raw colons route', async () => {
    const { body } = await hub.http().get('/api/manager/devices/capability').set(auth(readonly)).expect(200);
    expect(body.onoff).toMatchObject({ id: 'onoff', ownerUri: 'homey:manager:devices', type: 'boolean', setable: true });
    expect(body.thermostat_mode.values.map((value: { id: string }) => value.id)).toEqual(['auto', 'heat', 'cool', 'off']);
    // homey-lib's system capabilities, all of them, with their English texts, units and ranges.
    expect(Object.keys(body)).toHaveLength(184);
    expect(body.measure_co2).toMatchObject({ type: 'number', title: 'CO₂', units: 'ppm', setable: false });
    expect(body.target_temperature).toMatchObject({ title: 'Target temperature', units: '°C', min: 4, max: 35, decimals: 1 });
    const bare = await hub.http().get('/api/manager/devices/capability/homey:manager:devices/dim').set(auth()).expect(200);
    expect(bare.body).toEqual(body.dim);
    const full = await hub.http().get('/api/manager/devices/capability/homey:manager:devices/homey:manager:devices:dim').set(auth()).expect(200);
    expect(full.body).toEqual(body.dim);
    await hub.http().get('/api/manager/devices/capability/homey:app:other/dim').set(auth()).expect(404);
    const missing = await hub.http().get('/api/manager/devices/capability/homey:manager:devices/teleport').set(auth()).expect(404);
    expect(missing.body.error_description).toBe('Capability not found');
    await hub.http().get('/api/manager/devices/capability?type=x').set(auth()).expect(400);
    await hub.http().get('/api/manager/devices/capability/homey:manager:devices/dim?x=1').set(auth()).expect(400);
    await hub.http().get('/api/manager/devices/capability').expect(401);
    await hub.http().get('/api/manager/devices/capability/homey:manager:devices/dim').expect(401);
    await hub.http().get('/api/manager/devices/capability').set(auth(control)).expect(403);
    await hub.http().get('/api/manager/devices/capability/homey:manager:devices/dim').set(auth(control)).expect(403);
  });

  it("when an app's driver declares any class homey-lib allows, then the contract has it: its device classes are homey-lib's", () => {
    const contract = JSON.parse(readFileSync('generated/hub/devices.openapi.json', 'utf-8')) as { components: { schemas: { DeviceClass: { enum: string[] } } } };
    expect(contract.components.schemas.DeviceClass.enum).toEqual(Object.keys(HomeyLib.getDeviceClasses()).sort());
  });

  it('when a capability id is a key every object inherits, then 404 like any unknown capability', async () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await hub.http().get(`/api/manager/devices/capability/homey:manager:devices/${key}`).set(auth()).expect(404);
      expect(res.body).toMatchObject({ error: 'not_found', error_description: 'Capability not found', statusCode: 404 });
    }
  });
});
