import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { createGroup } from './groups.js';

describe("setCapabilityValue's opts.duration: a transition in steps on the hub clock", () => {
  let hub: TestHub;
  let clock: FakeClock;
  const named = (name: string) => hub.hub.store.values('device').find((device) => device.name === name)!;
  const value = (name: string, capability: string) => named(name).capabilitiesObj[capability]!.value;
  const set = (name: string, capability: string, body: object) =>
    hub.http().put(`/api/manager/devices/device/${named(name).id}/capability/${capability}`).set(bearer(hub.token)).send(body).expect(204);
  /** The `capability` events of the device's realtime uri, as subscribers get them. */
  const events = (name: string) => {
    const heard: Array<{ capabilityId: string; value: unknown; transactionId: string }> = [];
    const stop = hub.hub.bus.subscribe(({ uri, event, data }) => {
      if (uri === `homey:device:${named(name).id}` && event === 'capability') heard.push(data as (typeof heard)[number]);
    });
    return { heard, stop };
  };

  beforeEach(async () => {
    clock = new FakeClock(Date.UTC(2026, 10, 28, 20));
    hub = await startTestHub({ clock });
  });
  afterEach(() => hub.stop());

  it('when a light is dimmed over 2 s, then its value moves in 20 even steps, each an event, and reaches the target with the transactionId', async () => {
    await set('Kitchen spots', 'dim', { value: 0 });
    const { heard, stop } = events('Kitchen spots');
    await set('Kitchen spots', 'dim', { value: 1, opts: { duration: 2000 }, transactionId: 'fade' });
    expect(value('Kitchen spots', 'dim')).toBe(0);
    clock.advance(1000);
    expect(value('Kitchen spots', 'dim')).toBe(0.5);
    clock.advance(1000);
    stop();
    expect(value('Kitchen spots', 'dim')).toBe(1);
    const dims = heard.filter((event) => event.capabilityId === 'dim');
    expect(dims.map((event) => event.value)).toEqual(Array.from({ length: 20 }, (_, index) => Number(((index + 1) / 20).toFixed(2))));
    expect(dims.map((event) => event.transactionId === 'fade')).toEqual([...Array(19).fill(false), true]);
    clock.advance(5000);
    expect(value('Kitchen spots', 'dim')).toBe(1);
  });

  it('when the capability is set again during a transition, then the transition stops where it is and the new value holds', async () => {
    await set('Kitchen spots', 'dim', { value: 0 });
    await set('Kitchen spots', 'dim', { value: 1, opts: { duration: 1000 } });
    clock.advance(300);
    expect(value('Kitchen spots', 'dim')).toBe(0.3);
    await set('Kitchen spots', 'dim', { value: 0.1 });
    clock.advance(2000);
    expect(value('Kitchen spots', 'dim')).toBe(0.1);
  });

  it('when the device is removed during a transition, then the transition ends without an error', async () => {
    await set('Kitchen spots', 'dim', { value: 0 });
    await set('Kitchen spots', 'dim', { value: 1, opts: { duration: 1000 } });
    const id = named('Kitchen spots').id;
    clock.advance(200);
    await hub.http().delete(`/api/manager/devices/device/${id}`).set(bearer(hub.token)).expect(204);
    clock.advance(2000);
    expect(hub.hub.store.get('device', id)).toBeUndefined();
  });

  it('when a boolean is set with a duration, or a duration of 0, then it changes at once', async () => {
    await set('Kitchen spots', 'onoff', { value: false, opts: { duration: 2000 } });
    expect(value('Kitchen spots', 'onoff')).toBe(false);
    await set('Kitchen spots', 'dim', { value: 0.4, opts: { duration: 0 } });
    expect(value('Kitchen spots', 'dim')).toBe(0.4);
  });

  it("when a group is dimmed over a duration, then each member makes the transition and the group's value follows", async () => {
    const lamp = named('Kitchen spots');
    await set('Kitchen spots', 'dim', { value: 0 });
    const group = createGroup(hub.hub, { name: 'Spots', zone: lamp.zone, class: 'light', devices: [lamp.id] });
    await set('Spots', 'dim', { value: 0.8, opts: { duration: 400 } });
    clock.advance(200);
    expect(value('Kitchen spots', 'dim')).toBe(0.4);
    clock.advance(200);
    expect(value('Kitchen spots', 'dim')).toBe(0.8);
    expect(hub.hub.store.get('device', group.id)!.capabilitiesObj.dim!.value).toBe(0.8);
  });

  it('when the duration is over an hour or not a whole number, then it is a 400', async () => {
    const id = named('Kitchen spots').id;
    const put = (opts: object) => hub.http().put(`/api/manager/devices/device/${id}/capability/dim`).set(bearer(hub.token)).send({ value: 0.5, opts });
    await put({ duration: 3_600_001 }).expect(400);
    await put({ duration: 1.5 }).expect(400);
    await put({ duration: -1 }).expect(400);
  });
});
