import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { settle } from './engine-test-cards.js';

const local = (day: number, hours: number, minutes = 0) => new Date(2026, 10, day, hours, minutes).getTime();

describe("the demo home's flows", () => {
  let hub: TestHub;
  let clock: FakeClock;

  beforeEach(async () => {
    clock = new FakeClock(local(23, 23, 30));
    hub = await startTestHub({ clock });
  });
  afterEach(() => hub.stop());

  const get = (path: string) => hub.http().get(`/api/manager/flow${path}`).set(bearer(hub.token)).expect(200);
  const device = (name: string) => hub.hub.store.values('device').find((candidate) => candidate.name === name)!;
  const value = (name: string, capabilityId: string) => device(name).capabilitiesObj[capabilityId]!.value;
  const set = (name: string, capabilityId: string, to: unknown) =>
    hub.http().put(`/api/manager/devices/device/${device(name).id}/capability/${capabilityId}`).set(bearer(hub.token)).send({ value: to }).expect(204);

  it('when the demo home is seeded, then it has its flows and advanced flow, none broken, "Good night" startable by hand', async () => {
    const flows = Object.values<{ name: string; broken: boolean; triggerable: boolean; enabled: boolean }>((await get('/flow')).body);
    expect(flows.map(({ name, broken, enabled }) => ({ name, broken, enabled }))).toEqual(
      ['Hallway light on motion', 'Evening welcome in the living room', 'Good night'].map((name) => ({ name, broken: false, enabled: true })),
    );
    expect(flows.find((flow) => flow.name === 'Good night')!.triggerable).toBe(true);
    const advanced = Object.values<{ name: string; broken: boolean }>((await get('/advancedflow')).body);
    expect(advanced.map(({ name, broken }) => ({ name, broken }))).toEqual([{ name: 'Front door at night', broken: false }]);
  });

  it('when "Good night" is started by hand, then the lights go off and the door locks at once, the bedside lamp 15 minutes later', async () => {
    await set('Bedside lamp', 'onoff', true);
    await set('Front door lock', 'locked', false);
    const flows = Object.values<{ id: string; name: string }>((await get('/flow')).body);
    const goodNight = flows.find((flow) => flow.name === 'Good night')!;
    await hub.http().post(`/api/manager/flow/flow/${goodNight.id}/trigger`).set(bearer(hub.token)).send({}).expect(204);
    await settle();
    expect(['Ceiling light', 'Floor lamp', 'TV socket'].map((name) => value(name, 'onoff'))).toEqual([false, false, true]);
    expect(value('Front door lock', 'locked')).toBe(true);
    expect(value('Bedside lamp', 'onoff')).toBe(true);
    clock.advance(15 * 60_000);
    await settle();
    expect(value('Bedside lamp', 'onoff')).toBe(false);
  });

  it('when the front door opens at night, then the advanced flow lights the landing for 5 minutes; by day it does not', async () => {
    await set('Front door sensor', 'alarm_contact', true);
    await settle();
    expect(value('Landing light', 'onoff')).toBe(true);
    clock.advance(5 * 60_000);
    await settle();
    expect(value('Landing light', 'onoff')).toBe(false);

    await set('Front door sensor', 'alarm_contact', false);
    // Just past the night's end (06:30): every fake minute crossed runs the hub's per-minute work.
    clock.set(local(24, 7));
    await set('Front door sensor', 'alarm_contact', true);
    await settle();
    expect(value('Landing light', 'onoff')).toBe(false);
  });
});
