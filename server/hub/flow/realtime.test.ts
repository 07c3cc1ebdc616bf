import { buildDevice } from '../devices/device.js';
import { findDriver } from '../drivers/catalogue.js';
import { connectRealtime, type ClientVersion, type RealtimeClient } from '../testing/realtime-client.js';
import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { PROGRAMMATIC_TRIGGER } from './flows.js';

const FLOW = 'homey:manager:flow';

describe.each<ClientVersion>(['v2', 'v4'])('flow over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  let client: RealtimeClient;
  const call = async (operation: string, args: Record<string, unknown>) => {
    const [error, result] = await client.request('api', { uri: FLOW, operation, args });
    expect(error).toBeNull();
    return result as Record<string, any>;
  };
  const next = (event: string, match: (data: any) => boolean = () => true) => client.next(FLOW, (name, data) => name === event && match(data));

  beforeAll(async () => {
    hub = await startTestHub();
    client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const [subscribeError] = await client.request('subscribe', FLOW);
    expect(subscribeError).toBeNull();
  });
  afterAll(async () => {
    client.close();
    await hub.stop();
  });

  it('when folders, flows and advanced flows are created, updated and deleted, then subscribers get each event with the whole item', async () => {
    const folderCreated = next('flowfolder.create');
    const folder = await call('createFlowFolder', { flowfolder: { name: 'Lights' } });
    expect((await folderCreated).data).toEqual(folder);
    const folderUpdated = next('flowfolder.update');
    await call('updateFlowFolder', { id: folder.id, flowfolder: { name: 'All lights' } });
    expect((await folderUpdated).data).toEqual({ ...folder, name: 'All lights' });

    const flowCreated = next('flow.create');
    const flow = await call('createFlow', { flow: { name: 'Manual', folder: folder.id, trigger: { uri: FLOW, id: PROGRAMMATIC_TRIGGER } } });
    expect((await flowCreated).data).toEqual(flow);
    expect(flow).toMatchObject({ broken: false, triggerable: true });
    const advancedCreated = next('advancedflow.create');
    const advanced = await call('createAdvancedFlow', { advancedflow: { name: 'Canvas', folder: folder.id } });
    expect((await advancedCreated).data).toEqual(advanced);

    // Deleting the folder moves its flows up: each is announced as updated before the folder's delete.
    const flowMoved = next('flow.update', (data) => data.id === flow.id);
    const advancedMoved = next('advancedflow.update', (data) => data.id === advanced.id);
    const folderDeleted = next('flowfolder.delete');
    await call('deleteFlowFolder', { id: folder.id });
    expect((await flowMoved).data).toEqual({ ...flow, folder: null });
    expect((await advancedMoved).data).toEqual({ ...advanced, folder: null });
    expect((await folderDeleted).data).toEqual({ id: folder.id });

    const advancedUpdated = next('advancedflow.update');
    await call('updateAdvancedFlow', { id: advanced.id, advancedflow: { enabled: false } });
    expect((await advancedUpdated).data).toMatchObject({ id: advanced.id, enabled: false, broken: false, triggerable: false });
    const flowDeleted = next('flow.delete');
    const advancedDeleted = next('advancedflow.delete');
    await call('deleteFlow', { id: flow.id });
    await call('deleteAdvancedFlow', { id: advanced.id });
    expect((await flowDeleted).data).toEqual({ id: flow.id });
    expect((await advancedDeleted).data).toEqual({ id: advanced.id });
  });

  it('when a device is added and removed, then its cards come and go as card events, and the flows using them are announced broken', async () => {
    const home = hub.hub.store.values('zone').find((item) => item.parent === null)!;
    const lamp = buildDevice({ driver: findDriver('homey:manager:vdevice:light')!, name: 'Desk lamp', zone: home.id, zoneName: home.name, data: { id: `light-${version}` } }, new Date(hub.hub.now()).toISOString());
    const owner = `homey:device:${lamp.id}`;
    const triggerCreated = next('flowcardtrigger.create', (data) => data.id === `${owner}:onoff_true`);
    const conditionCreated = next('flowcardcondition.create', (data) => data.id === `${owner}:onoff_is`);
    const actionCreated = next('flowcardaction.create', (data) => data.id === `${owner}:on`);
    hub.hub.store.insert('device', lamp);
    expect((await triggerCreated).data).toMatchObject({ id: `${owner}:onoff_true`, ownerUri: owner, uriObj: { name: 'Desk lamp' } });
    expect((await conditionCreated).data).not.toHaveProperty('uri');
    expect((await actionCreated).data).toMatchObject({ duration: true });

    const flow = await call('createFlow', { flow: { name: 'Desk', trigger: { uri: owner, id: `${owner}:onoff_true` } } });
    const broken = next('flow.update', (data) => data.id === flow.id);
    const triggerDeleted = next('flowcardtrigger.delete', (data) => data.id === `${owner}:onoff_true`);
    const actionDeleted = next('flowcardaction.delete', (data) => data.id === `${owner}:on`);
    const [deleteError] = await client.request('api', { uri: 'homey:manager:devices', operation: 'deleteDevice', args: { id: lamp.id } });
    expect(deleteError).toBeNull();
    expect((await triggerDeleted).data).toEqual({ id: `${owner}:onoff_true` });
    expect((await actionDeleted).data).toEqual({ id: `${owner}:on` });
    expect((await broken).data).toEqual({ ...flow, broken: true });
  });

  it('when a variable a flow\'s card refers to is deleted, then the flow is announced broken, and whole again once the reference is mended', async () => {
    const [variableError, variable] = await client.request('api', { uri: 'homey:manager:logic', operation: 'createVariable', args: { variable: { name: 'Guests', type: 'number', value: 2 } } });
    expect(variableError).toBeNull();
    const { id: variableId } = variable as { id: string };
    const notify = (text: string) => ({ uri: 'homey:manager:notifications', id: 'homey:manager:notifications:create_notification', args: { text } });
    const flow = await call('createFlow', {
      flow: { name: 'Guest count', trigger: { uri: FLOW, id: PROGRAMMATIC_TRIGGER }, actions: [notify(`[[homey:manager:logic|${variableId}]] guests`)] },
    });
    expect(flow.broken).toBe(false);

    const announced = next('flow.update', (data) => data.id === flow.id);
    await client.request('api', { uri: 'homey:manager:logic', operation: 'deleteVariable', args: { id: variableId } });
    expect((await announced).data).toMatchObject({ id: flow.id, broken: true });
    expect(await call('getFlow', { id: flow.id })).toMatchObject({ broken: true });
    const [triggerError] = await client.request('api', { uri: FLOW, operation: 'triggerFlow', args: { id: flow.id } });
    expect(triggerError).toMatchObject({ statusCode: 409 });

    const mended = await call('updateFlow', { id: flow.id, flow: { actions: [notify('Guests are here')] } });
    expect(mended.broken).toBe(false);
    await call('deleteFlow', { id: flow.id });
  });

  it('when a call is refused, then the ack carries the error body', async () => {
    const [missing] = await client.request('api', { uri: FLOW, operation: 'getFlow', args: { id: 'nope' } });
    expect(missing).toMatchObject({ error: 'not_found', statusCode: 404 });
    const [bad] = await client.request('api', { uri: FLOW, operation: 'createFlow', args: { flow: { name: 'No trigger' } } });
    expect(bad).toMatchObject({ statusCode: 400 });
    const readonly = await connectRealtime(hub.url, hub.tokenWith(['homey.flow.readonly']), hub.hub.id, version);
    try {
      const [denied] = await readonly.request('api', { uri: FLOW, operation: 'deleteFlow', args: { id: 'nope' } });
      expect(denied).toMatchObject({ error: 'insufficient_scope', statusCode: 403 });
    } finally {
      readonly.close();
    }
  });
});
