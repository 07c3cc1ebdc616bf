import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';
import type { Device } from '../devices/device.js';
import type { Mood } from './moods.js';

describe.each<ClientVersion>(['v2', 'v4'])('moods over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  const device = (name: string) => hub.hub.store.values('device').find((candidate) => candidate.name === name)!;
  const livingRoom = () => hub.hub.store.values('mood').find((mood) => mood.name === 'Movie night')!.zone;

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a mood is created, updated and deleted over the api event, then subscribers get mood.create, .update and .delete', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const call = (operation: string, args: Record<string, unknown>) => client.request('api', { uri: 'homey:manager:moods', operation, args });
    const next = (event: string) => client.next('homey:manager:moods', (name) => name === event);
    try {
      expect((await client.request('subscribe', 'homey:manager:moods'))[0]).toBeNull();
      const lamp = device('Floor lamp').id;
      const created = next('mood.create');
      const [createError, mood] = await call('createMood', { mood: { name: 'Dinner', zone: livingRoom(), devices: { [lamp]: { dim: 0.5 } } }, $validate: true });
      expect(createError).toBeNull();
      expect((await created).data).toEqual(mood);
      const { id } = mood as Mood;

      const updated = next('mood.update');
      const [updateError, changed] = await call('updateMood', { id, mood: { name: 'Supper' } });
      expect(updateError).toBeNull();
      expect((await updated).data).toEqual({ ...(mood as Mood), name: 'Supper' });
      expect(changed).toEqual({ ...(mood as Mood), name: 'Supper' });

      const deleted = next('mood.delete');
      expect((await call('deleteMood', { id }))[0]).toBeNull();
      expect((await deleted).data).toMatchObject({ id });
      const [unknown] = await call('setMood', { id });
      expect(unknown).toMatchObject({ error: 'not_found', statusCode: 404 });
    } finally {
      client.close();
    }
  });

  it('when a mood is set over the socket, then its devices send `capability` events with its transaction id and `device.update`', async () => {
    const client = await connectRealtime(hub.url, hub.tokenWith(['homey.mood.set', 'homey.device.readonly']), hub.hub.id, version);
    try {
      const lamp = device('Floor lamp');
      const blinds = device('Living room blinds');
      for (const uri of [`homey:device:${lamp.id}`, `homey:device:${blinds.id}`, 'homey:manager:devices']) {
        expect((await client.request('subscribe', uri))[0]).toBeNull();
      }
      const dim = client.next(`homey:device:${lamp.id}`, (event, data) => event === 'capability' && data.capabilityId === 'dim');
      const position = client.next(`homey:device:${blinds.id}`, (event, data) => event === 'capability' && data.capabilityId === 'windowcoverings_set');
      const lampUpdate = client.next('homey:manager:devices', (event, data) => event === 'device.update' && data.id === lamp.id);
      const movie = hub.hub.store.values('mood').find((mood) => mood.name === 'Movie night')!;
      const [error, result] = await client.request('api', { uri: 'homey:manager:moods', operation: 'setMood', args: { id: movie.id } });
      expect(error).toBeNull();
      const { transactionId } = result as { transactionId: string };
      expect((await dim).data).toEqual({ capabilityId: 'dim', value: 0.2, transactionId, transactionTime: expect.any(String) });
      expect((await position).data).toMatchObject({ capabilityId: 'windowcoverings_set', value: 0, transactionId });
      expect(((await lampUpdate).data as Device).capabilitiesObj.dim!.value).toBe(0.2);
      const [denied] = await client.request('api', { uri: 'homey:manager:moods', operation: 'createMood', args: { mood: { name: 'X', zone: movie.zone } } });
      expect(denied).toMatchObject({ error: 'insufficient_scope', statusCode: 403 });
    } finally {
      client.close();
    }
  });

  it('when a device of a mood is deleted, then subscribers get mood.update without it', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      await client.request('subscribe', 'homey:manager:moods');
      const blinds = device('Bedroom blinds').id;
      const goodNight = hub.hub.store.values('mood').find((mood) => mood.name === 'Good night')!;
      expect(Object.keys(goodNight.devices)).toContain(blinds);
      const updated = client.next('homey:manager:moods', (event, data) => event === 'mood.update' && data.id === goodNight.id);
      const [error] = await client.request('api', { uri: 'homey:manager:devices', operation: 'deleteDevice', args: { id: blinds } });
      expect(error).toBeNull();
      const { data } = await updated;
      expect(Object.keys(data.devices)).toEqual(Object.keys(goodNight.devices).filter((id) => id !== blinds));
    } finally {
      client.close();
    }
  });
});
