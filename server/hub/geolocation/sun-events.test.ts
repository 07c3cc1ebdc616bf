import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { nextSunEvent, onSunEvent, type SunEvent } from './sun-events.js';

const HOUR = 3_600_000;
const location = '/api/manager/geolocation/option/location';
const amsterdam = { latitude: 52.3676, longitude: 4.9041 };
const newYork = { latitude: 40.7128, longitude: -74.006 };
const tromso = { latitude: 69.65, longitude: 18.96 };
const hhmm = ({ kind, time }: SunEvent) => `${kind} ${new Date(time).toISOString().slice(11, 16)}`;

describe('sun events for flows', () => {
  let hub: TestHub;
  let clock: FakeClock;
  let owner: ReturnType<typeof bearer>;
  beforeEach(async () => {
    clock = new FakeClock(Date.parse('2026-06-21T00:00:00Z'));
    // An empty home: the sun's timers are the only ones the clock has to fire.
    hub = await startTestHub({ clock, demoHome: false });
    owner = bearer(hub.tokenWith(['homey']));
    await hub.http().put(location).set(owner).send({ value: amsterdam }).expect(204);
  });
  afterEach(() => hub.stop());

  it('when the hub clock passes a day in Amsterdam, then dawn, sunrise, sunset and dusk are told in order at their times', () => {
    const heard: SunEvent[] = [];
    const stop = onSunEvent(hub.hub, (event) => {
      expect(hub.hub.now()).toBe(event.time);
      heard.push(event);
    });
    clock.advance(24 * HOUR);
    expect(heard.map(hhmm)).toEqual(['dawn 02:29', 'sunrise 03:19', 'sunset 20:07', 'dusk 20:57']);
    stop();
    clock.advance(24 * HOUR);
    expect(heard).toHaveLength(4);
  });

  it('when the location changes, then the events follow the new place; without a location there are none', async () => {
    const heard: SunEvent[] = [];
    const stops = [onSunEvent(hub.hub, (event) => heard.push(event)), onSunEvent(hub.hub, () => {})];
    await hub.http().put(location).set(owner).send({ value: newYork }).expect(204);
    clock.advance(12 * HOUR);
    // New York on 20 and 21 June: sunset 20:31 and dusk 21:05 EDT, dawn 04:52 and sunrise 05:26 EDT.
    expect(heard.map(hhmm)).toEqual(['sunset 00:31', 'dusk 01:05', 'dawn 08:52', 'sunrise 09:26']);
    await hub.http().delete(location).set(owner).expect(204);
    clock.advance(24 * HOUR);
    expect(heard).toHaveLength(4);
    stops.forEach((stop) => stop());
  });

  it('when the place has midnight sun, then the next event is weeks away, when the sun first dips below the horizon again', () => {
    const midsummer = Date.parse('2026-06-21T00:00:00Z');
    const next = nextSunEvent(midsummer, tromso.latitude, tromso.longitude);
    expect(next).toBeNull();
    let now = midsummer;
    let found: SunEvent | null = null;
    for (; !found && now < midsummer + 60 * 24 * HOUR; now += 24 * HOUR) found = nextSunEvent(now, tromso.latitude, tromso.longitude);
    expect(found?.kind).toMatch(/^(sunrise|sunset)$/);
    expect(new Date(found!.time).toISOString().slice(0, 7)).toBe('2026-07'); // the midnight sun ends in late July
  });
});
