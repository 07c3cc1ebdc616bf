import { FakeClock } from '../../http/clock.js';
import type { Device } from '../devices/device.js';
import { connectRealtime, type ClientVersion, type RealtimeClient } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

/** A moment in the machine's local time (epoch ms): time-of-day conditions read local time. */
const local = (day: number, hours: number, minutes = 0) => new Date(2026, 10, day, hours, minutes).getTime();

/**
 * The "Done means", end to end over the public API: a flow created over HTTP, driven by a sensor's
 * capability set over HTTP, seen by a realtime client as the light's capability events and recorded in insights, on
 * the hub's clock.
 */
describe.each<ClientVersion>(['v4', 'v2'])('automation end to end (socket.io %s client)', (version) => {
  let hub: TestHub;
  let clock: FakeClock;
  let client: RealtimeClient;
  let sensor: Device;
  let light: Device;

  beforeEach(async () => {
    // Just before the flow's window: every fake minute crossed runs the hub's per-minute work, so the test crosses few.
    clock = new FakeClock(local(23, 17, 59));
    hub = await startTestHub({ clock });
    const named = (name: string) => hub.hub.store.values('device').find((device) => device.name === name)!;
    [sensor, light] = [named('Hallway motion'), named('Hallway light')];
    // The demo home's own flows (one lights the hallway on motion too) are switched off: only the test's flow runs.
    const demoFlows = (await hub.http().get('/api/manager/flow/flow').set(bearer(hub.token)).expect(200)).body as Record<string, unknown>;
    for (const id of Object.keys(demoFlows)) {
      await hub.http().put(`/api/manager/flow/flow/${id}`).set(bearer(hub.token)).send({ enabled: false }).expect(200);
    }
    client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const [error] = await client.request('subscribe', `homey:device:${light.id}`);
    expect(error).toBeNull();
  });
  afterEach(async () => {
    client.close();
    await hub.stop();
  });

  const setMotion = (value: boolean) =>
    hub.http().put(`/api/manager/devices/device/${sensor.id}/capability/alarm_motion`).set(bearer(hub.token)).send({ value }).expect(204);
  const onoff = (value: boolean) =>
    client.next(`homey:device:${light.id}`, (event, data) => event === 'capability' && data.capabilityId === 'onoff' && data.value === value);
  const lightIsOn = () => hub.hub.store.get('device', light.id)!.capabilitiesObj.onoff!.value;

  /** Motion now, and for the minute after it: no event of the light, and it stays off. */
  async function expectMotionIgnored(): Promise<void> {
    const lightUri = `homey:device:${light.id}`;
    await setMotion(false);
    const events: unknown[] = [];
    let watching = true;
    client.api.on(lightUri, (event: string, data: unknown) => watching && events.push({ event, data }));
    await setMotion(true);
    // A round trip over the same socket after the PUT: any event the flow caused would have arrived before its answer.
    await client.request('subscribe', lightUri);
    clock.advance(60_000);
    await client.request('subscribe', lightUri);
    watching = false;
    expect(events).toEqual([]);
    expect(lightIsOn()).toBe(false);
    await setMotion(false);
  }

  it('when motion is sensed between the flow\'s two times, then the hallway light turns on, and off again after its 1 minute duration; outside the times nothing happens', async () => {
    const sensorUri = `homey:device:${sensor.id}`;
    const lightUri = `homey:device:${light.id}`;
    const flow = {
      name: 'Hallway light on motion in the evening',
      trigger: { uri: sensorUri, id: `${sensorUri}:alarm_motion_true` },
      conditions: [{ uri: 'homey:manager:cron', id: 'homey:manager:cron:time_between', args: { from: '18:00', to: '23:00' } }],
      actions: [{ uri: lightUri, id: `${lightUri}:on`, duration: { multiplier: 60, number: '1' } }],
    };
    await hub.http().post('/api/manager/flow/flow').set(bearer(hub.token)).send(flow).expect(200);
    expect(lightIsOn()).toBe(false);

    // Before 18:00: motion, and the light stays off.
    await expectMotionIgnored();

    clock.set(local(23, 20));
    const on = onoff(true);
    await setMotion(true);
    expect((await on).data).toMatchObject({ capabilityId: 'onoff', value: true });
    clock.advance(59_999);
    expect(lightIsOn()).toBe(true);
    const off = onoff(false);
    clock.advance(1);
    expect((await off).data).toMatchObject({ capabilityId: 'onoff', value: false });

    // Insights recorded both changes: the light's onoff log was on during the minute and is off now.
    const log = `${lightUri}/${lightUri}:onoff`;
    const { body: entries } = await hub.http().get(`/api/manager/insights/log/${log}/entry`).query({ resolution: 'lastHour' }).set(bearer(hub.token)).expect(200);
    const onAt = entries.values.filter(({ v }: { v: boolean | null }) => v === true).map(({ t }: { t: string }) => Date.parse(t));
    expect(onAt).toContain(local(23, 20));
    expect(entries.lastValue).toBe(false);

    // Past 23:00: motion again, and the light stays off.
    clock.set(local(23, 23, 30));
    await expectMotionIgnored();
  });
});
