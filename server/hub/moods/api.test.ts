import { randomUUID } from 'node:crypto';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import type { Mood } from './moods.js';

describe('moods manager', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const device = (name: string) => hub.hub.store.values('device').find((candidate) => candidate.name === name)!;
  const zone = (name: string) => hub.hub.store.values('zone').find((candidate) => candidate.name === name)!.id;
  const value = async (name: string, capabilityId: string) =>
    (await hub.http().get(`/api/manager/devices/device/${device(name).id}/capability/${capabilityId}`).set(auth()).expect(200)).body;
  const create = (mood: Record<string, unknown>) => hub.http().post('/api/manager/moods/mood').set(auth()).send(mood);

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when listing moods of the demo home, then they come keyed by id, movie night in the living room, and the state counts them', async () => {
    const { body } = await hub.http().get('/api/manager/moods/mood').set(auth()).expect(200).expect('Content-Type', /application\/json/);
    for (const [id, mood] of Object.entries<Mood>(body)) expect(mood.id).toBe(id);
    const movie = Object.values<Mood>(body).find((mood) => mood.name === 'Movie night')!;
    expect(movie).toMatchObject({ preset: 'movie', zone: zone('Living room') });
    expect(movie.devices[device('Floor lamp').id]).toEqual({ onoff: true, dim: 0.2, light_temperature: 0.9 });
    const state = await hub.http().get('/api/manager/moods/state').set(auth()).expect(200);
    expect(state.body).toEqual({ moodCount: Object.keys(body).length });
  });

  it('when creating, reading, updating and deleting a mood, then each step answers the item, numbers rounded to the step', async () => {
    const lamp = device('Bedside lamp').id;
    const created = await create({ name: 'Reading', zone: zone('Bedroom'), devices: { [lamp]: { onoff: true, dim: 0.456 } } }).expect(200);
    expect(created.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Reading', preset: null, zone: zone('Bedroom'), devices: { [lamp]: { onoff: true, dim: 0.46 } } });
    const path = `/api/manager/moods/mood/${created.body.id}`;
    await hub.http().get(path).set(auth()).expect(200, created.body);
    const renamed = await hub.http().put(path).set(auth()).send({ ...created.body, name: 'Reading time', preset: 'focus' }).expect(200);
    expect(renamed.body).toEqual({ ...created.body, name: 'Reading time', preset: 'focus' });
    const blinds = device('Bedroom blinds').id;
    const restated = await hub.http().put(path).set(auth()).send({ devices: { [blinds]: { windowcoverings_set: 1 } } }).expect(200);
    expect(restated.body.devices).toEqual({ [blinds]: { windowcoverings_set: 1 } });
    await hub.http().delete(path).set(auth()).expect(204);
    await hub.http().get(path).set(auth()).expect(404);
  });

  it('when a mood names a zone, device, capability or value that does not fit, then 400 says which', async () => {
    const lamp = device('Bedside lamp').id;
    const bedroom = zone('Bedroom');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: 'X', zone: 'nowhere' }, /^Zone not found: nowhere$/],
      [{ name: 'X', zone: bedroom, devices: { [randomUUID()]: { onoff: true } } }, /^Device not found: /],
      [{ name: 'X', zone: bedroom, devices: { 'not-a-uuid': { onoff: true } } }, /devices.*uuid/],
      [{ name: 'X', zone: bedroom, devices: { [lamp]: { locked: true } } }, /^Bedside lamp has no capability locked \(it has onoff, dim, light_temperature\)$/],
      [{ name: 'X', zone: bedroom, devices: { [lamp]: { dim: 2 } } }, /^Bedside lamp: dim must be between 0 and 1, not 2$/],
      [{ name: 'X', zone: bedroom, devices: { [lamp]: { onoff: 'yes' } } }, /^Bedside lamp: onoff needs true or false, not "yes"$/],
      [{ name: 'X', zone: bedroom, devices: { [device('Bedroom climate').id]: { measure_battery: 20 } } }, /^Bedroom climate: measure_battery cannot be set/],
      [{ name: 'X', zone: bedroom, devices: { [lamp]: {} } }, /devices/],
      [{ name: 'X', zone: bedroom, devices: { [lamp]: { onoff: null } } }, /onoff/],
      [{ zone: bedroom }, /name/],
      [{ name: 'X', zone: bedroom, preset: 'has spaces' }, /preset/],
    ];
    for (const [mood, message] of cases) {
      const { body } = await create(mood);
      expect([JSON.stringify(mood), body.statusCode]).toEqual([JSON.stringify(mood), 400]);
      expect(body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
      expect(body.error_description).toMatch(message);
    }
    const movie = hub.hub.store.values('mood').find((mood) => mood.name === 'Movie night')!;
    const bad = await hub.http().put(`/api/manager/moods/mood/${movie.id}`).set(auth()).send({ zone: 'nowhere' }).expect(400);
    expect(bad.body.error_description).toBe('Zone not found: nowhere');
    await hub.http().get(`/api/manager/moods/mood/${movie.id}`).set(auth()).expect(200, movie);
  });

  it('when a mood is set, then every device takes its state, a group sets its members, and the answer lists them', async () => {
    const hallway = device('Hallway light').id;
    const group = device('Living room lights').id;
    const created = await create({ name: 'Welcome', zone: zone('Hallway'), devices: { [hallway]: { onoff: true, dim: 0.35 }, [group]: { onoff: false } } }).expect(200);
    const { body } = await hub.http().post(`/api/manager/moods/mood/${created.body.id}/set`).set(auth()).send({}).expect(200);
    expect(body).toEqual({ transactionId: expect.any(String), applied: [hallway, group], skipped: [] });
    expect(await value('Hallway light', 'onoff')).toBe(true);
    expect(await value('Hallway light', 'dim')).toBe(0.35);
    expect(await value('Ceiling light', 'onoff')).toBe(false);
    expect(await value('Floor lamp', 'onoff')).toBe(false);
    expect(await value('Living room lights', 'onoff')).toBe(false);
  });

  it('when a device of a mood is gone when it is set, then it is skipped and the others are applied', async () => {
    const spots = device('Kitchen spots').id;
    const gone = randomUUID();
    const mood = hub.hub.store.insert('mood', { id: randomUUID(), name: 'Cooking', preset: null, zone: zone('Kitchen'), devices: { [gone]: { onoff: true }, [spots]: { onoff: true, dim: 0.9 } } });
    const { body } = await hub.http().post(`/api/manager/moods/mood/${mood.id}/set`).set(auth()).send({}).expect(200);
    expect(body).toMatchObject({ applied: [spots], skipped: [gone] });
    expect(await value('Kitchen spots', 'dim')).toBe(0.9);
  });

  it('when a device is deleted, then moods that name it drop it and keep the rest', async () => {
    const socket = device('Garden socket').id;
    const lights = device('Garden lights').id;
    const created = await create({ name: 'Garden party', zone: zone('Garden'), devices: { [socket]: { onoff: true }, [lights]: { onoff: true } } }).expect(200);
    await hub.http().delete(`/api/manager/devices/device/${socket}`).set(auth()).expect(204);
    const { body } = await hub.http().get(`/api/manager/moods/mood/${created.body.id}`).set(auth()).expect(200);
    expect(body.devices).toEqual({ [lights]: { onoff: true } });
  });

  it('when a zone still has a mood, then it cannot be deleted until the mood goes', async () => {
    const attic = await hub.http().post('/api/manager/zones/zone').set(auth()).send({ name: 'Attic', icon: 'attic', parent: zone('First floor') }).expect(200);
    const mood = await create({ name: 'Storage', zone: attic.body.id }).expect(200);
    const refused = await hub.http().delete(`/api/manager/zones/zone/${attic.body.id}`).set(auth()).expect(409);
    expect(refused.body.error_description).toBe('The zone still has moods');
    await hub.http().delete(`/api/manager/moods/mood/${mood.body.id}`).set(auth()).expect(204);
    await hub.http().delete(`/api/manager/zones/zone/${attic.body.id}`).set(auth()).expect(204);
  });

  it('when the id is unknown, then 404 for get, update, delete and set', async () => {
    await hub.http().get('/api/manager/moods/mood/nope').set(auth()).expect(404);
    await hub.http().put('/api/manager/moods/mood/nope').set(auth()).send({ name: 'X' }).expect(404);
    await hub.http().delete('/api/manager/moods/mood/nope').set(auth()).expect(404);
    const res = await hub.http().post('/api/manager/moods/mood/nope/set').set(auth()).send({}).expect(404);
    expect(res.body).toEqual({ error: 'not_found', error_description: 'Mood not found', statusCode: 404, stack: expect.any(String) });
  });

  it('when the token lacks the scope, then 403: reading needs homey.mood.readonly, writing homey.mood, setting homey.mood.set', async () => {
    const movie = hub.hub.store.values('mood').find((mood) => mood.name === 'Movie night')!;
    const readonly = bearer(hub.tokenWith(['homey.mood.readonly']));
    await hub.http().get('/api/manager/moods/mood').set(readonly).expect(200);
    const denied = await hub.http().post('/api/manager/moods/mood').set(readonly).send({ name: 'A', zone: movie.zone }).expect(403);
    expect(denied.body).toMatchObject({ error: 'insufficient_scope', error_description: 'Missing scope: homey.mood' });
    await hub.http().put(`/api/manager/moods/mood/${movie.id}`).set(readonly).send({ name: 'A' }).expect(403);
    await hub.http().delete(`/api/manager/moods/mood/${movie.id}`).set(readonly).expect(403);
    const notSet = await hub.http().post(`/api/manager/moods/mood/${movie.id}/set`).set(readonly).send({}).expect(403);
    expect(notSet.body.error_description).toBe('Missing scope: homey.mood.set');
    const setter = bearer(hub.tokenWith(['homey.mood.set']));
    await hub.http().post(`/api/manager/moods/mood/${movie.id}/set`).set(setter).send({}).expect(200);
    await hub.http().get(`/api/manager/moods/mood/${movie.id}`).set(setter).expect(403);
    await hub.http().get('/api/manager/moods/state').set(readonly).expect(403);
  });
});
