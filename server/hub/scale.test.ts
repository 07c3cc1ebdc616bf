import type { RealtimeEvent } from '../http/events.js';
import { buildDevice, type Device } from './devices/device.js';
import { findDriver } from './drivers/catalogue.js';
import { bearer, startTestHub, type TestHub } from './testing/test-hub.js';
import { deviceCardsBuilt } from './flow/device-cards.js';
import { createGroup } from './devices/groups.js';
import { listItemsSerialized } from '../http/list-encoding.js';
import { watchMetrics } from '../http/metrics.js';

const metrics = watchMetrics({ cards: deviceCardsBuilt, serialized: listItemsSerialized });
afterAll(() => metrics.stop());

/**
 * The cost of a flow create, a flow list, a device change and a device delete, counted in cards built, flows
 * announced again, devices listed and list items serialized, in a home of 20 more devices and then of 200 more: the
 * counts must not grow with the home.
 */
describe('the hub at scale: what a change costs does not grow with the number of devices', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const events: RealtimeEvent[] = [];
  const zone = () => hub.hub.store.values('zone')[0]!.id;

  /** Adds virtual motion sensors (each has cards and tokens) until the home has `extra` of them, in one commit. */
  function growTo(extra: number): void {
    const driver = findDriver('homey:manager:vdevice:motion')!;
    const have = devices('Scale ').length;
    hub.hub.store.transaction(() => {
      for (let n = have; n < extra; n++) {
        hub.hub.store.insert('device', buildDevice({ driver, name: `Scale ${n}`, zone: zone(), zoneName: 'Home', data: { id: `scale-${n}` } }, new Date(hub.hub.now()).toISOString()));
      }
    });
  }

  const devices = (prefix: string) => hub.hub.store.values('device').filter((device) => device.name.startsWith(prefix));
  const card = (device: Device, local: string) => ({ uri: `homey:device:${device.id}`, id: `homey:device:${device.id}:${local}` });
  const flowUpdates = () => events.filter(({ event }) => event === 'flow.update').length;

  /** Cards built and flows announced again while `work` runs. */
  async function cost(work: () => Promise<unknown>): Promise<{ cards: number; flowUpdates: number; serialized: number }> {
    const [cards, updates, serialized] = [metrics.total('cards'), flowUpdates(), metrics.total('serialized')];
    await work();
    return { cards: metrics.total('cards') - cards, flowUpdates: flowUpdates() - updates, serialized: metrics.total('serialized') - serialized };
  }

  const deviceList = () => hub.http().get('/api/manager/devices/device').set(auth()).set('Accept-Encoding', 'gzip').expect(200);
  const setDim = (device: Device, value: number) => hub.http().put(`/api/manager/devices/device/${device.id}/capability/dim`).set(auth()).send({ value }).expect(204);

  /**
   * A capability write of a grouped lamp between two device list reads: devices listed by the write (its groups are
   * looked up by index), list items serialized for the second read, which has a new ETag and the exact JSON.
   */
  async function listAfterWrite(lamp: Device) {
    const group = createGroup(hub.hub, { name: `${lamp.name} group`, zone: zone(), class: 'light', devices: [lamp.id] });
    const before = await deviceList();
    const values = jest.spyOn(hub.hub.store, 'values');
    await setDim(lamp, 0.7);
    const deviceScans = values.mock.calls.filter(([type]) => type === 'device').length;
    values.mockRestore();
    const serialized = metrics.total('serialized');
    const after = await deviceList();
    expect(after.headers['content-encoding']).toBe('gzip');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.text).toBe(JSON.stringify(hub.hub.store.list('device')));
    expect(hub.hub.store.get('device', group.id)!.capabilitiesObj.dim!.value).toBe(0.7);
    hub.hub.store.remove('device', group.id);
    return { deviceScans, serialized: metrics.total('serialized') - serialized };
  }

  /** The costs of the operations the issue names, on a motion sensor and a light made for the round. */
  async function measure(round: string) {
    const [motion, light] = [findDriver('homey:manager:vdevice:motion')!, findDriver('homey:manager:vdevice:light')!];
    const sensor = hub.hub.store.insert('device', buildDevice({ driver: motion, name: `${round} sensor`, zone: zone(), zoneName: 'Home', data: { id: `${round}-s` } }, new Date(hub.hub.now()).toISOString()));
    const lamp = hub.hub.store.insert('device', buildDevice({ driver: light, name: `${round} lamp`, zone: zone(), zoneName: 'Home', data: { id: `${round}-l` } }, new Date(hub.hub.now()).toISOString()));
    const flow = { name: `${round} flow`, trigger: card(sensor, 'alarm_motion_true'), conditions: [card(lamp, 'onoff_is')], actions: [card(lamp, 'on')] };
    const flowList = () => hub.http().get('/api/manager/flow/flow').set(auth()).expect(200);
    await flowList();
    // A create, and the list read after it: the new flow is the one item serialized.
    const create = await cost(async () => {
      await hub.http().post('/api/manager/flow/flow').set(auth()).send(flow).expect(200);
      await flowList();
    });
    for (let n = 1; n < 10; n++) await hub.http().post('/api/manager/flow/flow').set(auth()).send({ ...flow, name: `${round} flow ${n}` }).expect(200);
    await flowList();
    const list = await cost(flowList);
    const state = await cost(() => hub.http().get('/api/manager/flow/state').set(auth()).expect(200));
    const write = { ...(await cost(() => setDim(lamp, 0.5))), ...(await listAfterWrite(lamp)) };
    const listAfter = await cost(flowList);
    const rename = await cost(() => hub.http().put(`/api/manager/devices/device/${lamp.id}`).set(auth()).send({ name: `${round} lamp renamed` }).expect(200));
    const remove = await cost(() => hub.http().delete(`/api/manager/devices/device/${lamp.id}`).set(auth()).expect(204));
    const flows = Object.values((await hub.http().get('/api/manager/flow/flow').set(auth()).expect(200)).body as Record<string, { name: string; broken: boolean }>);
    expect(flows.filter((item) => item.name.startsWith(`${round} flow`)).map((item) => item.broken)).toEqual(Array(10).fill(true));
    return { create, list, state, write, listAfter, rename, remove };
  }

  beforeAll(async () => {
    hub = await startTestHub({ validateResponses: false });
    hub.hub.bus.subscribe((event) => events.push(event));
  });
  afterAll(() => hub.stop());

  it('when the home grows from 20 to 200 more devices, then a flow create, list, state, write (and list read), rename and delete cost the same', async () => {
    growTo(20);
    const small = await measure('small');
    growTo(200);
    expect(devices('Scale ')).toHaveLength(200);
    const large = await measure('large');
    expect(large).toEqual(small);
    // A flow create or a delete builds the cards of the few devices its flows name (a card is built from its device
    // when asked for); a read, a state or a value builds none; a rename builds the one device's cards.
    expect(small).toMatchObject({
      create: { serialized: 1 }, list: { cards: 0, serialized: 0 }, state: { cards: 0 },
      write: { cards: 0, flowUpdates: 0, deviceScans: 0 }, listAfter: { serialized: 0 },
    });
    expect(small.write.serialized).toBeLessThanOrEqual(2);
    for (const built of [small.create.cards, small.rename.cards, small.remove.cards]) expect(built).toBeLessThan(200);
    expect(small.rename.cards).toBeGreaterThan(0);
    // Each of the ten flows that used the deleted device is announced again, once (its cards and its tokens went).
    expect(small.remove.flowUpdates).toBe(10);
  });

  it('when the hub starts again on that home, then it builds the cards of one device per shape of capabilities, not of every device', async () => {
    const builtAtStart = async () => {
      await hub.stop({ keepData: true });
      const before = metrics.total('cards');
      hub = await startTestHub({ validateResponses: false, dataDir: hub.dataDir });
      return metrics.total('cards') - before;
    };
    growTo(200);
    const large = await builtAtStart();
    expect(hub.hub.cards.all('trigger').filter((card) => card.id.endsWith(':alarm_motion_true')).length).toBeGreaterThanOrEqual(200);
    hub.hub.store.transaction(() => devices('Scale ').slice(20).forEach((device) => hub.hub.store.remove('device', device.id)));
    const small = await builtAtStart();
    expect(devices('Scale ')).toHaveLength(20);
    expect(large).toBe(small);
  });
});
