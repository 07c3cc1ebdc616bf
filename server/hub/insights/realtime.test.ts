import type { Device } from '../devices/device.js';
import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';
import type { Log } from './insights.js';

describe.each<ClientVersion>(['v2', 'v4'])('insights over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a device is added and renamed, a log updated and deleted, then subscribers get log.create, .update and .delete', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const call = (uri: string, operation: string, args: Record<string, unknown>) => client.request('api', { uri, operation, args });
    const next = (event: string) => client.next('homey:manager:insights', (name) => name === event);
    try {
      const [subscribeError] = await client.request('subscribe', 'homey:manager:insights');
      expect(subscribeError).toBeNull();
      const light = hub.hub.store.values('device').find((device) => device.name === 'Hallway light')!;

      const created = next('log.create');
      const [groupError, group] = await call('homey:manager:devices', 'createGroup', { group: { name: 'Hall', zone: light.zone, devices: [light.id] } });
      expect(groupError).toBeNull();
      const { id: groupId } = group as Device;
      const { data: log } = await created;
      expect(log).toMatchObject({ id: expect.stringMatching(new RegExp(`^homey:device:${groupId}:`)), ownerUri: `homey:device:${groupId}`, ownerName: 'Hall' });
      const [getError, read] = await call('homey:manager:insights', 'getLog', { id: log.id });
      expect(getError).toBeNull();
      expect(read).toEqual(log);

      const renamed = next('log.update');
      await call('homey:manager:devices', 'updateDevice', { id: groupId, device: { name: 'Hallway' } });
      expect((await renamed).data).toMatchObject({ id: expect.stringMatching(new RegExp(`^homey:device:${groupId}:`)), ownerName: 'Hallway' });

      const updated = next('log.update');
      const [updateError, changed] = await call('homey:manager:insights', 'updateLog', { uri: log.ownerUri, id: log.id, log: { title: 'Hall lights' } });
      expect(updateError).toBeNull();
      expect(changed).toMatchObject({ id: log.id, title: 'Hall lights', ownerName: 'Hallway' });
      expect((await updated).data).toEqual(changed);

      const deleted = next('log.delete');
      const [deleteError] = await call('homey:manager:insights', 'deleteLog', { uri: log.ownerUri, id: log.id });
      expect(deleteError).toBeNull();
      expect((await deleted).data).toEqual({ id: log.id });
    } finally {
      client.close();
    }
  });

  it('when a boolean capability changes, then subscribers get logentryboolean.create, and entries come over the api event', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      await client.request('subscribe', 'homey:manager:insights');
      const spots = hub.hub.store.values('device').find((device) => device.name === 'Kitchen spots')!;
      const id = `homey:device:${spots.id}:onoff`;
      const entry = client.next('homey:manager:insights', (name) => name === 'logentryboolean.create');
      await hub.http().put(`/api/manager/devices/device/${spots.id}/capability/onoff`).set('Authorization', `Bearer ${hub.token}`).send({ value: true }).expect(204);
      expect((await entry).data).toEqual({ id, t: expect.any(String), v: true });

      const [error, entries] = await client.request('api', {
        uri: 'homey:manager:insights', operation: 'getLogEntries', args: { uri: `homey:device:${spots.id}`, id, resolution: 'lastHour', $validate: true },
      });
      expect(error).toBeNull();
      expect(entries).toMatchObject({ resolution: 'lastHour', lastValue: true });
      const steps = (entries as { values: Array<{ v: unknown }> }).values.filter((step) => step.v !== null);
      expect(steps.length).toBeGreaterThan(0);
      expect(steps.every((step) => step.v === true)).toBe(true);

      const [badResolution] = await client.request('api', { uri: 'homey:manager:insights', operation: 'getLogEntries', args: { uri: `homey:device:${spots.id}`, id, resolution: 'forever' } });
      expect(badResolution).toMatchObject({ error: 'invalid_request', statusCode: 400 });
      const [unknown] = await client.request('api', { uri: 'homey:manager:insights', operation: 'getLogEntries', args: { uri: 'homey:device:nope', id: 'homey:device:nope:onoff' } });
      expect(unknown).toMatchObject({ error: 'not_found', statusCode: 404 });
      const logs = (await client.request('api', { uri: 'homey:manager:insights', operation: 'getLogs', args: {} }))[1] as Record<string, Log>;
      expect(logs[id]).toMatchObject({ lastValue: true });
    } finally {
      client.close();
    }
  });
});
