import { FakeClock } from '../../http/clock.js';
import type { RealtimeEvent } from '../../http/events.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import type { Alarm } from './schedule.js';

/** A moment in the machine's local time (epoch ms): the hub computes alarms in local time. */
const local = (day: number, hours: number, minutes = 0, ms = 0) => new Date(2026, 10, day, hours, minutes, 0, ms).getTime();
const iso = (ms: number) => new Date(ms).toISOString();
const never = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false };

describe('alarms going off', () => {
  let hub: TestHub;
  // The hub's clock, moved by the tests; Monday 2026-11-23 06:00 local time to begin with.
  let clock: FakeClock;

  beforeEach(async () => {
    clock = new FakeClock(local(23, 6));
    hub = await startTestHub({ clock });
  });
  afterEach(() => hub.stop());

  const create = async (alarm: object): Promise<Alarm> =>
    (await hub.http().post('/api/manager/alarms/alarm').set(bearer(hub.token)).send(alarm).expect(200)).body;
  const firedOnce = (id: string) =>
    new Promise<Alarm>((resolve) => {
      const stop = hub.hub.alarms.onAlarmFired((alarm) => {
        if (alarm.id !== id) return;
        stop();
        resolve(alarm);
      });
    });
  const updated = (id: string) =>
    new Promise<RealtimeEvent>((resolve) => {
      const stop = hub.hub.bus.subscribe((event) => {
        if (event.uri !== 'homey:manager:alarms' || event.event !== 'alarm.update' || (event.data as Alarm).id !== id) return;
        stop();
        resolve(event);
      });
    });

  it('when the clock reaches a weekly alarm, then its timer sets it off, alarm.update carries the next week, and it stays enabled', async () => {
    clock.set(local(23, 6, 29) + 59_950); // 50 ms before 06:30
    const alarm = await create({ name: 'Monday', time: '06:30', repetition: { ...never, monday: true } });
    expect(alarm.nextOccurance).toBe(iso(local(23, 6, 30)));
    const fired = firedOnce(alarm.id);
    const update = updated(alarm.id);
    clock.set(local(23, 6, 30));

    expect(await fired).toMatchObject({ id: alarm.id, nextOccurance: iso(local(23, 6, 30)) });
    const next = { ...alarm, nextOccurance: iso(local(30, 6, 30)) };
    expect((await update).data).toEqual(next);
    expect(hub.hub.store.get('alarm', alarm.id)).toEqual(next);
  });

  it('when a one-off alarm goes off, then it is disabled with no next occurrence and does not go off again', async () => {
    const alarm = await create({ name: 'Once', time: '06:45', repetition: never });
    const seen: string[] = [];
    hub.hub.alarms.onAlarmFired((fired) => seen.push(fired.id));

    hub.hub.alarms.tick(local(23, 6, 44));
    expect(seen).toEqual([]);
    hub.hub.alarms.tick(local(23, 6, 45));
    expect(seen).toEqual([alarm.id]);
    const { body } = await hub.http().get(`/api/manager/alarms/alarm/${alarm.id}`).set(bearer(hub.token)).expect(200);
    expect(body).toEqual({ ...alarm, enabled: false, nextOccurance: null });
    hub.hub.alarms.tick(local(24, 6, 45)); // the demo home's wake-up alarm goes off here too
    expect(seen.filter((id) => id === alarm.id)).toEqual([alarm.id]);
  });

  it('when an alarm is disabled or deleted before its time, then it does not go off', async () => {
    const disabled = await create({ name: 'Off', time: '06:45', repetition: never });
    const deleted = await create({ name: 'Gone', time: '06:45', repetition: never });
    await hub.http().put(`/api/manager/alarms/alarm/${disabled.id}`).set(bearer(hub.token)).send({ enabled: false }).expect(200);
    await hub.http().delete(`/api/manager/alarms/alarm/${deleted.id}`).set(bearer(hub.token)).expect(204);
    const seen: string[] = [];
    hub.hub.alarms.onAlarmFired((fired) => seen.push(fired.id));
    hub.hub.alarms.tick(local(23, 6, 45));
    expect(seen).toEqual([]);
  });

  it('when an alarm came due while the hub was off, then it goes off when the hub starts again', async () => {
    const alarm = await create({ name: 'Missed', time: '06:45', repetition: never });
    await hub.stop({ keepData: true });
    clock.set(local(23, 8));
    hub = await startTestHub({ dataDir: hub.dataDir, clock });
    await new Promise<void>((resolve) => {
      const stop = hub.hub.bus.subscribe((event) => {
        if (event.event === 'alarm.update' && (event.data as Alarm).id === alarm.id) (stop(), resolve());
      });
    });
    expect(hub.hub.store.get('alarm', alarm.id)).toMatchObject({ enabled: false, nextOccurance: null });
  });
});
