import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe('drivers manager', () => {
  let hub: TestHub;
  const auth = (token = hub.token) => bearer(token);
  let other: string;

  beforeAll(async () => {
    hub = await startTestHub({ demoApps: true });
    other = hub.tokenWith(['homey.zone']);
  });
  afterAll(() => hub.stop());

  it('when listing drivers, then the virtual catalogue comes keyed by id, each with class, capabilities and views', async () => {
    const { body } = await hub.http().get('/api/manager/drivers/driver').set(auth(hub.tokenWith(['homey.device.readonly']))).expect(200);
    const ids = Object.keys(body);
    expect(ids).toEqual(expect.arrayContaining([
      'homey:manager:vdevice:light', 'homey:manager:vdevice:socket', 'homey:manager:vdevice:motion', 'homey:manager:vdevice:temperature',
      'homey:manager:vdevice:contact', 'homey:manager:vdevice:thermostat', 'homey:manager:vdevice:blinds', 'homey:manager:vdevice:lock',
      'homey:manager:vdevice:group',
    ]));
    for (const [id, driver] of Object.entries<{ id: string; ownerUri: string }>(body)) {
      expect(driver.id).toBe(id);
      expect(driver.ownerUri).toBe(id.slice(0, id.lastIndexOf(':'))); // homey:manager:vdevice, or an app's uri
      expect(driver).not.toHaveProperty('uri');
    }
    expect(body['homey:manager:vdevice:thermostat']).toMatchObject({ class: 'thermostat', capabilities: ['target_temperature', 'measure_temperature', 'thermostat_mode'] });
    expect(body['homey:manager:vdevice:group'].pair).toEqual([]);
    expect(body['homey:manager:vdevice:light']).toMatchObject({ ownerUri: 'homey:manager:vdevice', ownerId: 'vdevice', ownerName: 'Virtual devices', ownerIconObj: null });
    const thermostat = 'com.example.thermostat';
    expect(body[`homey:app:${thermostat}:thermostat`]).toMatchObject({
      ownerUri: `homey:app:${thermostat}`, ownerId: thermostat, ownerName: 'Virtual thermostat', ownerIconObj: { id: thermostat, url: `/app/${thermostat}/assets/icon.svg` },
    });
  });

  it('when getting a driver by its raw-colon id, then it routes; unknown ids are 404', async () => {
    const { body } = await hub.http().get('/api/manager/drivers/driver/homey:manager:vdevice:lock').set(auth()).expect(200);
    expect(body).toMatchObject({ id: 'homey:manager:vdevice:lock', class: 'lock', pair: [{ id: 'list_devices' }, { id: 'pincode' }, { id: 'add_devices' }] });
    const encoded = await hub.http().get('/api/manager/drivers/driver/homey%3Amanager%3Avdevice%3Alock').set(auth()).expect(200);
    expect(encoded.body).toEqual(body);
    const missing = await hub.http().get('/api/manager/drivers/driver/homey:manager:vdevice:teleporter').set(auth()).expect(404);
    expect(missing.body).toMatchObject({ error: 'not_found', error_description: 'Driver not found' });
  });

  it('when reading drivers or state with bad input, no token or no scope, then 400, 401 and 403', async () => {
    for (const path of ['/api/manager/drivers/driver', '/api/manager/drivers/driver/homey:manager:vdevice:light', '/api/manager/drivers/state']) {
      const bad = await hub.http().get(`${path}?page=2`).set(auth()).expect(400);
      expect(bad.body.error_description).toMatch(/Unknown query parameter 'page'/);
      await hub.http().get(path).expect(401);
      await hub.http().get(path).set(auth(other)).expect(403);
    }
  });

  it('when reading the state, then it counts drivers and open pair sessions', async () => {
    const before = await hub.http().get('/api/manager/drivers/state').set(auth()).expect(200);
    expect(before.body).toEqual({ driverCount: 17, pairSessionCount: 0 }); // 16 virtual (the infrared remote, the energy dongle and the colour light among them), 1 of the demo thermostat app
    await hub.http().post('/api/manager/drivers/pairsession').set(auth()).send({ type: 'pair', driverId: 'homey:manager:vdevice:light' }).expect(200);
    const after = await hub.http().get('/api/manager/drivers/state').set(auth()).expect(200);
    expect(after.body.pairSessionCount).toBe(1);
  });
});
