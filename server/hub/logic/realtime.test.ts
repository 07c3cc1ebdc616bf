import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';

describe.each<ClientVersion>(['v2', 'v4'])('logic over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a variable is created, updated and deleted over the api event, then subscribers get variable.create, .update and .delete', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const call = (operation: string, args: Record<string, unknown>) => client.request('api', { uri: 'homey:manager:logic', operation, args });
    const next = (event: string) => client.next('homey:manager:logic', (name) => name === event);
    try {
      const [subscribeError] = await client.request('subscribe', 'homey:manager:logic');
      expect(subscribeError).toBeNull();

      const created = next('variable.create');
      const [createError, variable] = await call('createVariable', { variable: { name: 'Guests', type: 'number', value: 2 }, $validate: true });
      expect(createError).toBeNull();
      expect(variable).toMatchObject({ name: 'Guests', type: 'number', value: 2 });
      expect((await created).data).toEqual(variable);
      const { id } = variable as { id: string };

      const updated = next('variable.update');
      const [updateError, changed] = await call('updateVariable', { id, variable: { value: 3 } });
      expect(updateError).toBeNull();
      expect((await updated).data).toEqual({ ...(variable as object), value: 3 });
      expect(changed).toEqual({ ...(variable as object), value: 3 });

      const deleted = next('variable.delete');
      const [deleteError] = await call('deleteVariable', { id });
      expect(deleteError).toBeNull();
      expect((await deleted).data).toMatchObject({ id });
    } finally {
      client.close();
    }
  });

  it('when the value does not match the type or the scope is missing, then the ack carries the error body', async () => {
    const client = await connectRealtime(hub.url, hub.tokenWith(['homey.logic.readonly']), hub.hub.id, version);
    const owner = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      const [mismatch] = await owner.request('api', {
        uri: 'homey:manager:logic',
        operation: 'createVariable',
        args: { variable: { name: 'Away', type: 'boolean', value: 'yes' } },
      });
      expect(mismatch).toMatchObject({ error: 'invalid_request', error_description: 'value must be a boolean for a variable of type boolean', statusCode: 400 });
      const [denied] = await client.request('api', { uri: 'homey:manager:logic', operation: 'createVariable', args: { variable: {} } });
      expect(denied).toMatchObject({ error: 'insufficient_scope', statusCode: 403 });
      const [unknown] = await client.request('api', { uri: 'homey:manager:logic', operation: 'getVariable', args: { id: 'nope' } });
      expect(unknown).toMatchObject({ error: 'not_found', statusCode: 404 });
    } finally {
      client.close();
      owner.close();
    }
  });
});
