import { FakeClock } from '../../http/clock.js';
import { connectRealtime, type ClientVersion, type RealtimeClient } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const MANAGER = 'homey:manager:energy';
const MINUTE = 60_000;

describe.each<ClientVersion>(['v2', 'v4'])('energy reports over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  let client: RealtimeClient;
  const clock = new FakeClock(Date.UTC(2026, 10, 23, 10, 0));
  const events: Array<{ event: string; data: any }> = [];
  const call = (operation: string, args: Record<string, unknown> = {}) => client.request('api', { uri: MANAGER, operation, args });
  /**
   * The kinds of event that arrived since the last look; a call's ack comes after every event it caused. The
   * recorder flushes every minute of hub time, so an hour of it brings an update a minute.
   */
  const take = () => [...new Set(events.splice(0).map(({ event }) => event))].sort();

  beforeAll(async () => {
    hub = await startTestHub({ clock });
    client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    client.api.on(MANAGER, (event: string, data: unknown) => events.push({ event, data }));
    expect((await client.request('subscribe', MANAGER))[0]).toBeNull();
  });
  afterAll(async () => {
    client.close();
    await hub.stop();
  });

  it('when energy is first recorded, then each report is announced with .create and its figures', async () => {
    const coffee = hub.hub.store.values('device').find((device) => device.name === 'Coffee machine')!;
    await hub.http().put(`/api/manager/devices/device/${coffee.id}/capability/onoff`).set(bearer(hub.token)).send({ value: true }).expect(204);
    clock.advance(30 * MINUTE);
    const [error] = await call('getReportDay', { date: '2026-11-23' });
    expect(error).toBeNull();
    const day = events.findLast(({ event }) => event.startsWith('energyreportday.'))!;
    expect(take()).toEqual([
      'energyreportday.create', 'energyreportday.update', 'energyreporthour.create', 'energyreporthour.update',
      'energyreportmonth.create', 'energyreportweek.create', 'energyreportyear.create',
    ]);
    expect(day.data).toMatchObject({ id: '2026-11-23', periodStart: '2026-11-23T00:00:00.000Z', currency: 'EUR' });
    expect(day.data.devices[coffee.id].kWh).toBeCloseTo(0.6, 6);
  });

  it('when more energy is recorded within a minute of the hub clock, then nothing is published; after a minute the hour and day are', async () => {
    clock.advance(10_000);
    await call('getReportDay', { date: '2026-11-23' });
    expect(take()).toEqual([]);
    clock.advance(MINUTE);
    await call('getReportDay', { date: '2026-11-23' });
    expect(take()).toEqual(['energyreportday.update', 'energyreporthour.update']);
  });

  it('when the next hour begins, then the last hour gets its final update, the new one is created and the longer periods are updated', async () => {
    // Minute by minute, as the hour runs (a jump of an hour would be one late flush where it ends, as after a sleep).
    for (let minute = 0; minute < 60; minute++) clock.advance(MINUTE);
    await call('getReportsAvailable');
    const hours = events.filter(({ event }) => event.startsWith('energyreporthour.')).map(({ event, data }) => `${event} ${data.id}`);
    const changes = hours.filter((hour, index) => hour !== hours[index - 1]);
    expect(changes).toEqual(['energyreporthour.update 2026-11-23T10', 'energyreporthour.create 2026-11-23T11', 'energyreporthour.update 2026-11-23T11']);
    expect(take()).toEqual([
      'energyreportday.update', 'energyreporthour.create', 'energyreporthour.update', 'energyreportmonth.update', 'energyreportweek.update', 'energyreportyear.update',
    ]);
  });

  it('when the categories of the day are reset, then energyreportday.update carries the day', async () => {
    await call('resetReportDayCategories', { options: { date: '2026-11-23' } });
    const updates = events.filter(({ event }) => event === 'energyreportday.update');
    expect(updates.at(-1)!.data.id).toBe('2026-11-23');
    take();
  });

  it('when every report is deleted, then .delete names each one', async () => {
    const [error] = await call('deleteReports');
    expect(error).toBeNull();
    const deleted = events.filter(({ event }) => event.endsWith('.delete')).map(({ event, data }) => [event, data]);
    expect(deleted).toEqual([
      ['energyreportday.delete', { id: '2026-11-23' }],
      ['energyreportweek.delete', { id: '2026-W48' }],
      ['energyreportmonth.delete', { id: '2026-11' }],
      ['energyreportyear.delete', { id: '2026' }],
    ]);
    take();
    clock.advance(MINUTE);
    await call('getReportDay', { date: '2026-11-23' });
    expect(take()).toContain('energyreportday.create');
  });
});
