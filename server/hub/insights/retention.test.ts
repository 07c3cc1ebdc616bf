import { FakeClock } from '../../http/clock.js';
import type { Device } from '../devices/device.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('insights recording and retention on the hub clock', () => {
  const clock = new FakeClock(Date.UTC(2026, 0, 5, 23, 30));
  let hub: TestHub;
  let thermostat: Device;
  const auth = () => bearer(hub.token);
  const storage = async () => (await hub.http().get('/api/manager/insights/storage').set(auth()).expect(200)).body;
  const steps = async (resolution: string) => {
    const path = `/api/manager/insights/log/homey:device:${thermostat.id}/homey:device:${thermostat.id}:target_temperature/entry`;
    const { body } = await hub.http().get(`${path}?resolution=${resolution}`).set(auth()).expect(200);
    return (body.values as Array<{ t: string; v: number | null }>).filter((step) => step.v !== null);
  };

  /** Months pass while the hub is off: the minute timers of other managers (energy) need not fire a million times. */
  const restartAfter = async (ms: number) => {
    await hub.stop({ keepData: true });
    clock.advance(ms);
    hub = await startTestHub({ clock, dataDir: hub.dataDir });
  };

  beforeAll(async () => {
    hub = await startTestHub({ clock });
    thermostat = hub.hub.store.values('device').find((device) => device.name === 'Living room thermostat')!;
  });
  afterAll(() => hub.stop());

  it('when values age, then they are kept as recorded for 3 days, hourly for 745 days, then deleted, also at start', async () => {
    await hub.http().delete('/api/manager/insights/log/').set(auth()).expect(204); // the demo home's week of readings
    await hub.http().put(`/api/manager/devices/device/${thermostat.id}/capability/target_temperature`).set(auth()).send({ value: 19 }).expect(204);
    const recorded = await storage();
    expect(recorded).toMatchObject({ valueCount: 1, hourCount: 1 });
    expect(await steps('lastHour')).toEqual([{ t: '2026-01-05T23:30:00.000Z', v: 19 }]);

    await restartAfter(3 * DAY - HOUR / 2);
    expect(await storage()).toMatchObject({ valueCount: 1, hourCount: 1 });
    clock.advance(HOUR + HOUR / 2); // past midnight (UTC), when retention runs again
    expect(await storage()).toMatchObject({ valueCount: 0, hourCount: 1 });
    expect(await steps('last7Days')).toEqual([{ t: '2026-01-05T23:00:00.000Z', v: 19 }]);

    await restartAfter(700 * DAY);
    expect(await steps('last2Years')).toEqual([{ t: '2026-01-05T00:00:00.000Z', v: 19 }]);
    await restartAfter(60 * DAY);
    expect(await storage()).toMatchObject({ valueCount: 0, hourCount: 0 });
    expect(await steps('last2Years')).toEqual([]);
  });

  it('when a value is recorded, then it reaches the database within a second of the hub clock, and a hub that stops writes it first', async () => {
    const rows = () => hub.hub.db.prepare('SELECT count(*) AS n FROM insights_values').get() as { n: number };
    const set = (value: number) =>
      hub.http().put(`/api/manager/devices/device/${thermostat.id}/capability/target_temperature`).set(auth()).send({ value }).expect(204);
    const before = rows().n;
    await set(21);
    expect(rows().n).toBe(before);
    clock.advance(1000);
    expect(rows().n).toBe(before + 1);

    clock.advance(60_000);
    await set(22);
    await hub.stop({ keepData: true });
    hub = await startTestHub({ clock, dataDir: hub.dataDir });
    expect(await steps('lastHour')).toEqual([{ t: expect.any(String), v: 21 }, { t: expect.any(String), v: 22 }]);
  });
});
