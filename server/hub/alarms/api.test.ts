import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

/** A moment in the machine's local time, as an ISO string: the hub computes alarms in local time. */
const local = (day: number, hours: number, minutes = 0) => new Date(2026, 10, day, hours, minutes).toISOString();
const weekdays = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false };
const never = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false };

describe('alarms manager', () => {
  let hub: TestHub;
  // Monday 2026-11-23, 06:00 local time, on the hub's clock.
  const clock = new FakeClock(Date.parse(local(23, 6)));
  const auth = () => bearer(hub.token);
  const create = (alarm: object) => hub.http().post('/api/manager/alarms/alarm').set(auth()).send(alarm);

  beforeAll(async () => {
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  it("when listing alarms, then they come keyed by id, the demo home's wake-up alarm among them", async () => {
    const { body } = await hub.http().get('/api/manager/alarms/alarm').set(auth()).expect(200).expect('Content-Type', /application\/json/);
    for (const [id, alarm] of Object.entries<{ id: string }>(body)) expect(alarm.id).toBe(id);
    expect(Object.values(body)).toContainEqual({
      id: expect.any(String), name: 'Wake up', time: '07:00', enabled: true, repetition: weekdays, nextOccurance: local(23, 7),
    });
  });

  it('when creating, reading, updating and deleting an alarm, then each step answers the item', async () => {
    const created = await create({ name: 'Gym', time: '18:30', repetition: { ...never, wednesday: true } }).expect(200);
    expect(created.body).toEqual({
      id: expect.any(String), name: 'Gym', time: '18:30', enabled: true, repetition: { ...never, wednesday: true }, nextOccurance: local(25, 18, 30),
    });
    const id = created.body.id;
    await hub.http().get(`/api/manager/alarms/alarm/${id}`).set(auth()).expect(200, created.body);
    const updated = await hub.http().put(`/api/manager/alarms/alarm/${id}`).set(auth()).send({ time: '07:15' }).expect(200);
    expect(updated.body).toMatchObject({ id, name: 'Gym', time: '07:15', nextOccurance: local(25, 7, 15) });
    await hub.http().delete(`/api/manager/alarms/alarm/${id}`).set(auth()).expect(204);
    await hub.http().get(`/api/manager/alarms/alarm/${id}`).set(auth()).expect(404);
  });

  it('when a one-off alarm is earlier today, then it goes off tomorrow; later today, then today', async () => {
    expect((await create({ name: 'Early', time: '05:30', enabled: true, repetition: never }).expect(200)).body.nextOccurance).toBe(local(24, 5, 30));
    expect((await create({ name: 'Late', time: '23:59', enabled: true, repetition: never }).expect(200)).body.nextOccurance).toBe(local(23, 23, 59));
  });

  it('when an alarm is disabled, then nextOccurance is null; enabled again, then it is computed again', async () => {
    const { body: alarm } = await create({ name: 'Nap', time: '14:00', enabled: false, repetition: weekdays }).expect(200);
    expect(alarm).toMatchObject({ enabled: false, nextOccurance: null });
    const enabled = await hub.http().put(`/api/manager/alarms/alarm/${alarm.id}`).set(auth()).send({ enabled: true }).expect(200);
    expect(enabled.body.nextOccurance).toBe(local(23, 14));
    const disabled = await hub.http().put(`/api/manager/alarms/alarm/${alarm.id}`).set(auth()).send({ enabled: false }).expect(200);
    expect(disabled.body.nextOccurance).toBeNull();
  });

  it('when the whole item is sent back with another id and nextOccurance, then those are ignored', async () => {
    const { body: alarm } = await create({ name: 'Tea', time: '16:00', repetition: weekdays }).expect(200);
    const sent = { ...alarm, id: 'other', nextOccurance: '2030-01-01T00:00:00.000Z', name: 'Tea time' };
    const { body } = await hub.http().put(`/api/manager/alarms/alarm/${alarm.id}`).set(auth()).send(sent).expect(200);
    expect(body).toEqual({ ...alarm, name: 'Tea time' });
  });

  it.each([
    ['a time without a leading zero', { name: 'A', time: '7:00', repetition: weekdays }, 'time'],
    ['an hour past 23', { name: 'A', time: '24:00', repetition: weekdays }, 'time'],
    ['minutes past 59', { name: 'A', time: '12:60', repetition: weekdays }, 'time'],
    ['a repetition missing a day', { name: 'A', time: '07:00', repetition: { ...weekdays, sunday: undefined } }, 'sunday'],
    ['an empty name', { name: '', time: '07:00', repetition: weekdays }, 'name'],
    ['no repetition', { name: 'A', time: '07:00' }, 'repetition'],
  ])('when creating with %s, then 400 names the field', async (_what, alarm, field) => {
    const { body } = await create(alarm).expect(400);
    expect(body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    expect(body.error_description).toContain(field);
  });

  it('when updating with a bad time or an empty name, then 400 and the alarm is unchanged', async () => {
    const { body: alarm } = await create({ name: 'Keep', time: '08:00', repetition: weekdays }).expect(200);
    await hub.http().put(`/api/manager/alarms/alarm/${alarm.id}`).set(auth()).send({ time: '8am' }).expect(400);
    await hub.http().put(`/api/manager/alarms/alarm/${alarm.id}`).set(auth()).send({ name: '' }).expect(400);
    await hub.http().get(`/api/manager/alarms/alarm/${alarm.id}`).set(auth()).expect(200, alarm);
  });

  it('when the alarm does not exist, then get, update and delete answer 404', async () => {
    const path = '/api/manager/alarms/alarm/5b0e2f1c-0000-4000-8000-000000000000';
    await hub.http().get(path).set(auth()).expect(404);
    await hub.http().put(path).set(auth()).send({ name: 'X' }).expect(404);
    const { body } = await hub.http().delete(path).set(auth()).expect(404);
    expect(body).toMatchObject({ error: 'not_found', statusCode: 404 });
  });

  it('when the token lacks the scope, then 403; a readonly token reads but cannot write', async () => {
    const readonly = bearer(hub.tokenWith(['homey.alarm.readonly']));
    await hub.http().get('/api/manager/alarms/alarm').set(readonly).expect(200);
    const denied = await hub.http().post('/api/manager/alarms/alarm').set(readonly).send({ name: 'A', time: '07:00', repetition: weekdays }).expect(403);
    expect(denied.body).toMatchObject({ error: 'insufficient_scope', error_description: 'Missing scope: homey.alarm' });
    const other = bearer(hub.tokenWith(['homey.zone']));
    const { body } = await hub.http().get('/api/manager/alarms/alarm').set(other).expect(403);
    expect(body.error_description).toBe('Missing scope: homey.alarm.readonly');
  });
});
