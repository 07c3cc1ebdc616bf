import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe('device groups', () => {
  let hub: TestHub;
  let readonly: string;
  const auth = (token = hub.token) => bearer(token);
  const named = (name: string) => hub.hub.store.values('device').find((device) => device.name === name)!;
  const zone = (name: string) => hub.hub.store.values('zone').find((candidate) => candidate.name === name)!.id;
  const create = (group: object, token = hub.token) => hub.http().post('/api/manager/devices/group').set(auth(token)).send(group);

  beforeAll(async () => {
    hub = await startTestHub();
    readonly = hub.tokenWith(['homey.device.readonly', 'homey.device.control']);
  });
  afterAll(() => hub.stop());

  it('when lights and a socket are grouped, then the group is a device with their common setable capabilities', async () => {
    const devices = [named('Landing light').id, named('Bathroom light').id, named('Garden socket').id];
    const { body } = await create({ name: 'Night round', zone: zone('Home'), devices }).expect(200);
    expect(body).toMatchObject({ name: 'Night round', driverId: 'homey:manager:vdevice:group', class: 'other', capabilities: ['onoff'], data: { devices } });
    expect(body.capabilitiesObj.onoff).toMatchObject({ type: 'boolean', setable: true, value: false });
    const { body: lights } = await create({ name: 'Upstairs lights', zone: zone('First floor'), devices: devices.slice(0, 2) }).expect(200);
    expect(lights).toMatchObject({ class: 'light', capabilities: ['onoff', 'dim', 'light_temperature'] });
    expect(lights.capabilitiesObj.dim.value).toBe(0.7);
  });

  it('when a group capability is set, then every member is set and the group reports it once', async () => {
    const group = named('Upstairs lights');
    await hub.http().put(`/api/manager/devices/device/${group.id}/capability/dim`).set(auth(readonly)).send({ value: 0.6, transactionId: 'g-1' }).expect(204);
    expect(named('Landing light').capabilitiesObj.dim!.value).toBe(0.6);
    expect(named('Bathroom light').capabilitiesObj).toMatchObject({ dim: { value: 0.6 }, onoff: { value: true } });
    expect(named('Upstairs lights').capabilitiesObj).toMatchObject({ dim: { value: 0.6 }, onoff: { value: true } });
    const bad = await hub.http().put(`/api/manager/devices/device/${group.id}/capability/dim`).set(auth()).send({ value: 2 }).expect(400);
    expect(bad.body.error_description).toBe('dim must be between 0 and 1, not 2');
  });

  it('when a member changes on its own, then its groups follow', async () => {
    const member = named('Landing light');
    await hub.http().put(`/api/manager/devices/device/${member.id}/capability/dim`).set(auth()).send({ value: 0.2 }).expect(204);
    expect(named('Upstairs lights').capabilitiesObj.dim!.value).toBe(0.4);
  });

  it('when creating a group from bad input, then 400 says why; no token 401; no scope 403', async () => {
    const missing = await create({ name: 'X', zone: zone('Home'), devices: ['nope'] }).expect(400);
    expect(missing.body.error_description).toBe('Device not found: nope');
    const nested = await create({ name: 'X', zone: zone('Home'), devices: [named('Upstairs lights').id] }).expect(400);
    expect(nested.body.error_description).toBe('Upstairs lights is a group; groups cannot be grouped');
    const nothing = await create({ name: 'X', zone: zone('Home'), devices: [named('Hallway motion').id, named('Front door lock').id] }).expect(400);
    expect(nothing.body.error_description).toBe('The devices share no capability that can be set, so they cannot be grouped');
    const noZone = await create({ name: 'X', zone: 'nowhere', devices: [named('Hallway light').id] }).expect(400);
    expect(noZone.body.error_description).toBe('Zone not found: nowhere');
    const empty = await create({ name: 'X', zone: zone('Home'), devices: [] }).expect(400);
    expect(empty.body.error_description).toMatch(/group.devices: must NOT have fewer than 1 items/);
    await hub.http().post('/api/manager/devices/group').send({ name: 'X', zone: zone('Home'), devices: [named('Hallway light').id] }).expect(401);
    await create({ name: 'X', zone: zone('Home'), devices: [named('Hallway light').id] }, readonly).expect(403);
  });

  it('when updating a group, then its name, zone and devices change and its capabilities follow', async () => {
    const group = named('Night round');
    const path = `/api/manager/devices/group/${group.id}`;
    const { body } = await hub.http().put(path).set(auth()).send({ id: group.id, name: 'Evening lights', zone: zone('Ground floor'), devices: [named('Landing light').id, named('Garden lights').id] }).expect(200);
    expect(body).toMatchObject({ id: group.id, name: 'Evening lights', zone: zone('Ground floor'), class: 'light', capabilities: ['onoff', 'dim', 'light_temperature'] });
    const bad = await hub.http().put(path).set(auth()).send({ devices: ['nope'] }).expect(400);
    expect(bad.body.error_description).toBe('Device not found: nope');
    await hub.http().put(path).set(auth()).send({ colour: 'red' }).expect(400);
    const notGroup = await hub.http().put(`/api/manager/devices/group/${named('Garden lights').id}`).set(auth()).send({ name: 'X' }).expect(404);
    expect(notGroup.body.error_description).toBe('Group not found');
    await hub.http().put(path).send({ name: 'X' }).expect(401);
    await hub.http().put(path).set(auth(readonly)).send({ name: 'X' }).expect(403);
  });

  it('when removing a device from a group, then the group shrinks; unknown members 404; the last one 409', async () => {
    const group = named('Evening lights');
    const path = (deviceId: string, groupId = group.id) => `/api/manager/devices/group/${groupId}/device/${deviceId}`;
    const { body } = await hub.http().delete(path(named('Garden lights').id)).set(auth()).expect(200);
    expect(body.data.devices).toEqual([named('Landing light').id]);
    expect(named('Garden lights')).toBeDefined();
    const outsider = await hub.http().delete(path(named('Garden lights').id)).set(auth()).expect(404);
    expect(outsider.body.error_description).toBe(`Device ${named('Garden lights').id} is not in the group Evening lights`);
    await hub.http().delete(path(named('Landing light').id, 'nope')).set(auth()).expect(404);
    const last = await hub.http().delete(path(named('Landing light').id)).set(auth()).expect(409);
    expect(last.body.error_description).toBe('A group keeps at least one device: delete the group instead');
    await hub.http().delete(`${path(named('Landing light').id)}?force=1`).set(auth()).expect(400);
    await hub.http().delete(path(named('Landing light').id)).expect(401);
    await hub.http().delete(path(named('Landing light').id)).set(auth(readonly)).expect(403);
  });

  it('when a member is deleted, then it leaves its groups, and a group left empty goes too', async () => {
    await hub.http().delete(`/api/manager/devices/device/${named('Bathroom light').id}`).set(auth()).expect(204);
    expect(named('Upstairs lights').data.devices).toEqual([named('Landing light').id]);
    await hub.http().delete(`/api/manager/devices/device/${named('Landing light').id}`).set(auth()).expect(204);
    expect(named('Upstairs lights')).toBeUndefined();
    expect(named('Evening lights')).toBeUndefined();
  });
});
