import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { movedView, type PairSession } from './pairing.js';

describe('pairing', () => {
  let hub: TestHub;
  const auth = (token = hub.token) => bearer(token);
  const named = (name: string) => hub.hub.store.values('device').find((device) => device.name === name)!;
  const zone = (name: string) => hub.hub.store.values('zone').find((candidate) => candidate.name === name)!.id;
  const base = '/api/manager/drivers/pairsession';
  const open = async (session: object) => (await hub.http().post(base).set(auth()).send(session).expect(200)).body as PairSession;

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a light is paired end to end, then it joins the home in the chosen zone and cannot be paired twice', async () => {
    const session = await open({ type: 'pair', driverId: 'homey:manager:vdevice:light', zoneId: zone('Kitchen') });
    expect(session).toMatchObject({ type: 'pair', driverId: 'homey:manager:vdevice:light', deviceId: null, zoneId: zone('Kitchen'), viewId: 'list_devices', devices: [], callbacks: {} });
    expect(session.views.map((view) => view.id)).toEqual(['list_devices', 'add_devices']);
    await hub.http().get(`${base}/${session.id}`).set(auth()).expect(200, session);
    await hub.http().post(`${base}/${session.id}/heartbeat`).set(auth()).send({}).expect(204);
    const { body: found } = await hub.http().post(`${base}/${session.id}/emit`).set(auth()).send({ event: 'list_devices' }).expect(200);
    expect(found).toEqual([
      { name: 'Virtual light 9', data: { id: 'light-9' } },
      { name: 'Virtual light 10', data: { id: 'light-10' } },
      { name: 'Virtual light 11', data: { id: 'light-11' } },
    ]);
    const { body: device } = await hub.http().post(`${base}/${session.id}/device`).set(auth()).send({ ...found[0], settings: { transition_time: 2 } }).expect(200);
    expect(device).toMatchObject({ name: 'Virtual light 9', zone: zone('Kitchen'), driverId: 'homey:manager:vdevice:light', data: { id: 'light-9' }, available: true });
    expect(device.settings).toEqual({ power_on_behaviour: 'last', transition_time: 2 });
    await hub.http().get(`/api/manager/devices/device/${device.id}`).set(auth()).expect(200, device);
    const again = await hub.http().post(`${base}/${session.id}/device`).set(auth()).send(found[0]).expect(409);
    expect(again.body.error_description).toBe('This device is already in the home as Virtual light 9');
    const { body: next } = await hub.http().post(`${base}/${session.id}/emit`).set(auth()).send({ event: 'list_devices' }).expect(200);
    expect(next[0].data.id).toBe('light-10');
    const { body: state } = await hub.http().get(`${base}/${session.id}`).set(auth()).expect(200);
    expect(state.devices).toEqual([device.id]);
    await hub.http().delete(`${base}/${session.id}`).set(auth()).expect(204);
    await hub.http().get(`${base}/${session.id}`).set(auth()).expect(404);
    expect(named('Virtual light 9')).toBeDefined();
  });

  it('when a paired device asks for bad capabilities or settings, or no zone is given, then 400 or the root zone', async () => {
    const session = await open({ type: 'pair', driverId: 'homey:manager:vdevice:socket' });
    const add = (body: object) => hub.http().post(`${base}/${session.id}/device`).set(auth()).send(body);
    expect((await add({ name: 'Lamp plug', data: { id: 'socket-20' }, capabilities: ['onoff', 'dim'] }).expect(400)).body.error_description)
      .toBe('Driver homey:manager:vdevice:socket has no capability dim');
    expect((await add({ name: 'Lamp plug', data: { id: 'socket-20' }, settings: { load_watts: -1 } }).expect(400)).body.error_description)
      .toBe('Setting load_watts must be between 0 and 3680 W, not -1');
    expect((await add({ name: 'Lamp plug' }).expect(400)).body.error_description).toMatch(/Missing argument: device.data/);
    expect((await add({ name: 'Lamp plug', data: { id: 'socket-20' }, zone: 'nowhere' }).expect(400)).body.error_description).toBe('Zone not found: nowhere');
    const { body } = await add({ name: 'Lamp plug', data: { id: 'socket-20' }, capabilities: ['onoff'] }).expect(200);
    expect(body).toMatchObject({ zone: zone('Home'), capabilities: ['onoff'] });
  });

  it('when a lock is paired, then its 5-digit PIN must be answered through the callback first', async () => {
    const session = await open({ type: 'pair', driverId: 'homey:manager:vdevice:lock' });
    const early = await hub.http().post(`${base}/${session.id}/device`).set(auth()).send({ name: 'Back door', data: { id: 'lock-2' } }).expect(409);
    expect(early.body.error_description).toMatch(/^Enter the door lock's PIN first/);
    const { body: found } = await hub.http().post(`${base}/${session.id}/emit`).set(auth()).send({ event: 'list_devices' }).expect(200);
    expect(found[0]).toEqual({ name: 'Virtual door lock 2', data: { id: 'lock-2' } });
    const { body: asking } = await hub.http().get(`${base}/${session.id}`).set(auth()).expect(200);
    const [callback] = Object.values<{ id: string; event: string; answered: boolean }>(asking.callbacks);
    expect(callback).toMatchObject({ event: 'pincode', answered: false });
    const answer = (body: object) => hub.http().post(`${base}/${session.id}/callback`).set(auth()).send(body);
    expect((await answer({ callbackId: callback!.id, data: '12' }).expect(400)).body.error_description).toBe('The PIN must be a string of 5 digits');
    expect((await answer({ data: '12345' }).expect(400)).body.error_description).toMatch(/Missing argument: callbackId/);
    expect((await answer({ callbackId: 'nope', data: '12345' }).expect(404)).body.error_description).toBe('Pairing callback not found: nope');
    await answer({ callbackId: callback!.id, data: '12345' }).expect(204);
    await answer({ callbackId: callback!.id, data: '12345' }).expect(409);
    const { body: lock } = await hub.http().post(`${base}/${session.id}/device`).set(auth()).send({ name: 'Back door', data: { id: 'lock-2' } }).expect(200);
    expect(lock).toMatchObject({ class: 'lock', capabilities: ['locked', 'measure_battery'] });
  });

  it('when a callback id is a key every object inherits, then 404 and the session keeps its callbacks', async () => {
    const session = await open({ type: 'pair', driverId: 'homey:manager:vdevice:lock' });
    await hub.http().post(`${base}/${session.id}/emit`).set(auth()).send({ event: 'list_devices' }).expect(200);
    const { body: asking } = await hub.http().get(`${base}/${session.id}`).set(auth()).expect(200);
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await hub.http().post(`${base}/${session.id}/callback`).set(auth()).send({ callbackId: key, data: '12345' }).expect(404);
      expect(res.body.error_description).toBe(`Pairing callback not found: ${key}`);
    }
    const { body: after } = await hub.http().get(`${base}/${session.id}`).set(auth()).expect(200);
    expect(after.callbacks).toEqual(asking.callbacks);
    await hub.http().delete(`${base}/${session.id}`).set(auth()).expect(204);
  });

  it('when a device is unpaired, then deletePairSessionDevice removes it; other exchanges are refused', async () => {
    const spots = named('Kitchen spots');
    const session = await open({ type: 'unpair', driverId: spots.driverId, deviceId: spots.id });
    expect(session.views).toEqual([{ id: 'confirm', template: 'confirm', navigation: { prev: null, next: null }, options: {}, url: null }]);
    const emit = await hub.http().post(`${base}/${session.id}/emit`).set(auth()).send({ event: 'list_devices' }).expect(400);
    expect(emit.body.error_description).toBe('Unknown pairing event: list_devices (unpair sessions understand no events)');
    await hub.http().post(`${base}/${session.id}/device`).set(auth()).send({ name: 'X', data: { id: 'light-99' } }).expect(409);
    await hub.http().delete(`${base}/${session.id}/device?now=1`).set(auth()).expect(400);
    await hub.http().delete(`${base}/${session.id}/device`).set(auth()).expect(204);
    await hub.http().get(`/api/manager/devices/device/${spots.id}`).set(auth()).expect(404);
    await hub.http().delete(`${base}/${session.id}/device`).set(auth()).expect(404);
    const pair = await open({ type: 'pair', driverId: 'homey:manager:vdevice:light' });
    const refused = await hub.http().delete(`${base}/${pair.id}/device`).set(auth()).expect(409);
    expect(refused.body.error_description).toBe('A pair session removes no device: only an unpair session does');
  });

  it('when a device is repaired, then it keeps its id and takes the new data', async () => {
    const blinds = named('Bedroom blinds');
    const session = await open({ type: 'repair', driverId: blinds.driverId, deviceId: blinds.id });
    const { body: found } = await hub.http().post(`${base}/${session.id}/emit`).set(auth()).send({ event: 'list_devices', data: {} }).expect(200);
    const { body } = await hub.http().post(`${base}/${session.id}/device`).set(auth()).send({ name: blinds.name, data: found[0].data }).expect(200);
    expect(body).toMatchObject({ id: blinds.id, name: 'Bedroom blinds', data: found[0].data, available: true });
  });

  it('when a session is created from bad input, then 400 or 409 says why', async () => {
    const create = (body: object) => hub.http().post(base).set(auth()).send(body);
    expect((await create({ driverId: 'homey:manager:vdevice:light' }).expect(400)).body.error_description).toMatch(/Missing argument: pairsession.type/);
    await create({ type: 'install', driverId: 'homey:manager:vdevice:light' }).expect(400);
    expect((await create({ type: 'pair', driverId: 'homey:manager:vdevice:teleporter' }).expect(400)).body.error_description).toBe('Driver not found: homey:manager:vdevice:teleporter');
    expect((await create({ type: 'pair', driverId: 'homey:manager:vdevice:group' }).expect(409)).body.error_description).toMatch(/^Device group devices are not paired/);
    expect((await create({ type: 'unpair', driverId: 'homey:manager:vdevice:light' }).expect(400)).body.error_description).toBe('An unpair session needs the deviceId of the device to unpair');
    expect((await create({ type: 'repair', driverId: 'homey:manager:vdevice:light', deviceId: named('Fridge').id }).expect(400)).body.error_description).toBe('Fridge is not a device of driver homey:manager:vdevice:light');
    expect((await create({ type: 'pair', driverId: 'homey:manager:vdevice:light', deviceId: named('Fridge').id }).expect(400)).body.error_description).toBe('A pair session adds new devices and takes no deviceId');
    expect((await create({ type: 'pair', driverId: 'homey:manager:vdevice:light', zoneId: 'nowhere' }).expect(400)).body.error_description).toBe('Zone not found: nowhere');
  });

  it('when a session is silent past its time, then it has expired; a heartbeat keeps it open', async () => {
    const session = await open({ type: 'pair', driverId: 'homey:manager:vdevice:motion' });
    hub.hub.store.save('pairsession', { ...session, expiresAt: new Date(Date.now() + 1000).toISOString() });
    await hub.http().post(`${base}/${session.id}/heartbeat`).set(auth()).expect(204);
    expect(Date.parse(hub.hub.store.get('pairsession', session.id)!.expiresAt)).toBeGreaterThan(Date.now() + 4 * 60_000);
    hub.hub.store.save('pairsession', { ...session, expiresAt: new Date(Date.now() - 1000).toISOString() });
    const expired = await hub.http().get(`${base}/${session.id}`).set(auth()).expect(404);
    expect(expired.body.error_description).toBe('Pair session expired: start a new one');
    await hub.http().post(`${base}/${session.id}/heartbeat`).set(auth()).expect(404);
  });

  it('when an exchange has bad input, then 400; an unknown session 404', async () => {
    const session = await open({ type: 'pair', driverId: 'homey:manager:vdevice:contact' });
    const path = `${base}/${session.id}`;
    expect((await hub.http().post(`${path}/emit`).set(auth()).send({}).expect(400)).body.error_description).toMatch(/Missing argument: event/);
    expect((await hub.http().post(`${path}/emit`).set(auth()).send({ event: 'dance' }).expect(400)).body.error_description)
      .toBe('Unknown pairing event: dance (pair sessions understand list_devices)');
    await hub.http().get(`${path}?x=1`).set(auth()).expect(400);
    await hub.http().delete(`${path}?x=1`).set(auth()).expect(400);
    await hub.http().post(`${path}/heartbeat?x=1`).set(auth()).expect(400);
    await hub.http().post(`${path}/callback`).set(auth()).send({ callbackId: 'x', extra: 1 }).expect(400);
    for (const [method, suffix] of [['get', ''], ['delete', ''], ['post', '/heartbeat'], ['post', '/emit'], ['post', '/callback'], ['post', '/device'], ['delete', '/device']] as const) {
      const body = suffix === '/emit' ? { event: 'list_devices' } : suffix === '/callback' ? { callbackId: 'x' } : suffix === '/device' && method === 'post' ? { name: 'X', data: { id: 'x' } } : undefined;
      const res = await hub.http()[method](`${base}/nope${suffix}`).set(auth()).send(body);
      expect([res.status, res.body.error_description]).toEqual([404, 'Pair session not found']);
    }
  });

  it('when a pairing call has no token or lacks homey.device, then 401 or 403', async () => {
    const session = await open({ type: 'pair', driverId: 'homey:manager:vdevice:light' });
    const readonly = auth(hub.tokenWith(['homey.device.readonly', 'homey.device.control']));
    const calls = [
      ['post', base, { type: 'pair', driverId: 'homey:manager:vdevice:light' }], ['get', `${base}/${session.id}`, undefined],
      ['delete', `${base}/${session.id}`, undefined], ['post', `${base}/${session.id}/heartbeat`, {}],
      ['post', `${base}/${session.id}/emit`, { event: 'list_devices' }], ['post', `${base}/${session.id}/callback`, { callbackId: 'x' }],
      ['post', `${base}/${session.id}/device`, { name: 'X', data: { id: 'x' } }], ['delete', `${base}/${session.id}/device`, undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      await hub.http()[method](path).send(body).expect(401);
      const denied = await hub.http()[method](path).set(readonly).send(body).expect(403);
      expect(denied.body.error_description).toBe('Missing scope: homey.device');
    }
  });
});

describe('an app driver moving the pairing screen', () => {
  const view = (id: string, navigation: Partial<PairSession['views'][number]['navigation']> = {}) => ({ id, template: null, navigation: { prev: null, next: null, ...navigation }, options: {}, url: null });
  const views = [view('login', { next: 'list_devices' }), view('pick'), view('list_devices', { prev: 'login' }), view('add_devices')];
  const at = (viewId: string) => ({ views, viewId }) as PairSession;

  it('when it moves next or back, then the view\'s navigation leads, else the list\'s order, and at either end the screen stays', () => {
    expect(movedView(at('login'), 'nextView')).toBe('list_devices');
    expect(movedView(at('pick'), 'nextView')).toBe('list_devices');
    expect(movedView(at('list_devices'), 'prevView')).toBe('login');
    expect(movedView(at('pick'), 'prevView')).toBe('login');
    expect(movedView(at('add_devices'), 'nextView')).toBe('add_devices');
    expect(movedView(at('login'), 'prevView')).toBe('login');
    expect(movedView(at('pick'), 'done')).toBe('pick');
  });

  it('when it shows a view, then it must be one of the session\'s views', () => {
    expect(movedView(at('login'), 'showView', 'add_devices')).toBe('add_devices');
    expect(() => movedView(at('login'), 'showView', 'farewell')).toThrow('farewell is not one of the session\'s views: login, pick, list_devices, add_devices');
  });
});
