import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const DATASET = '000300000f010212340208dead00beef00cafe0304486f6d65051000112233445566778899aabbccddeeff';

describe('thread manager', () => {
  let hub: TestHub;
  const auth = (token = hub.token) => bearer(token);
  const api = '/api/manager/thread';
  const run = (command: string, more: object = {}) => hub.http().post(`${api}/execute-command`).set(auth()).send({ command, ...more });

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a dataset is set, then the hub leads that network, the CLI and a scan agree, and reset forgets it', async () => {
    expect((await hub.http().get(`${api}/state`).set(auth()).expect(200)).body).toMatchObject({ enabled: true, role: 'leader', network: { networkName: 'Homey Demo' } });
    await hub.http().post(`${api}/reset`).set(auth()).send({}).expect(204);
    expect((await hub.http().get(`${api}/state`).set(auth()).expect(200)).body).toEqual({ enabled: true, role: 'detached', network: null });
    await hub.http().get(`${api}/active-dataset`).set(auth()).expect(404);
    expect((await hub.http().post(`${api}/rescan-border-routers`).set(auth()).send({}).expect(200)).body.borderRouters).toEqual([]);
    await hub.http().post(`${api}/active-dataset`).set(auth()).send({ tlvHex: DATASET.toUpperCase() }).expect(204);
    await hub.http().get(`${api}/active-dataset`).set(auth()).expect(200, { tlvHex: DATASET });
    const network = { channel: 15, panId: 0x1234, extPanId: 'dead00beef00cafe', networkName: 'Home' };
    expect((await hub.http().get(`${api}/state`).set(auth()).expect(200)).body).toEqual({ enabled: true, role: 'leader', network });
    expect((await run('state').expect(200)).body).toEqual({ output: ['leader', 'Done'] });
    expect((await run(' panid ').expect(200)).body.output).toEqual(['0x1234', 'Done']);
    expect((await run('networkname').expect(200)).body.output).toEqual(['Home', 'Done']);
    expect((await run('dataset active -x').expect(200)).body.output).toEqual([DATASET, 'Done']);
    const { body: scan } = await hub.http().post(`${api}/rescan-border-routers`).set(auth()).send({}).expect(200);
    expect(scan.borderRouters).toEqual([{ id: 'homey-border-router', networkName: 'Home', extPanId: 'dead00beef00cafe', own: true }]);
    await hub.http().get(`${api}/discovered-border-routers`).set(auth()).expect(200, scan);
    const demoBulb = { id: expect.any(String), name: 'Essentials A19', role: 'child' };
    expect((await hub.http().get(`${api}/topology`).set(auth()).expect(200)).body).toEqual({ leader: 'homey-border-router', nodes: [demoBulb] });
    await run('thread stop').expect(200);
    expect((await hub.http().get(`${api}/state`).set(auth()).expect(200)).body.role).toBe('detached');
    await run('thread start', { preventThreadSetup: true }).expect(200);
    expect((await hub.http().get(`${api}/state`).set(auth()).expect(200)).body.role).toBe('detached');
    await run('thread start').expect(200);
    await hub.http().get(`${api}/disable`).set(auth()).expect(204);
    expect((await hub.http().get(`${api}/state`).set(auth()).expect(200)).body.role).toBe('disabled');
    expect((await hub.http().get(`${api}/topology`).set(auth()).expect(200)).body).toEqual({ leader: null, nodes: [] });
    await hub.http().get(`${api}/enable`).set(auth()).expect(204);
    expect((await hub.http().get(`${api}/state`).set(auth()).expect(200)).body.role).toBe('leader');
    await hub.http().post(`${api}/reset`).set(auth()).send({}).expect(204);
    expect((await hub.http().get(`${api}/state`).set(auth()).expect(200)).body).toEqual({ enabled: true, role: 'detached', network: null });
    expect((await run('channel').expect(400)).body.error_description).toBe('channel: no active dataset');
  });

  it('when a dataset is malformed or a command unknown, then a clear 400; without the scope 403', async () => {
    const problem = async (tlvHex: string) => (await hub.http().post(`${api}/active-dataset`).set(auth()).send({ tlvHex }).expect(400)).body.error_description;
    expect(await problem('000300000f')).toBe('The dataset lacks: PAN id, extended PAN id, network name, network key');
    expect(await problem('00030000')).toBe('TLV 0 at byte 0 claims 3 bytes, only 2 remain');
    expect(await problem('0002000f')).toBe('The channel TLV has 2 bytes, not 3');
    expect(await problem(DATASET.replace('000300000f', '0003000030'))).toBe('The channel must be from 11 to 26, not 48');
    await problem('xyz');
    expect((await run('reboot').expect(400)).body.error_description).toMatch(/^Unknown command: reboot/);
    await run('').expect(400);
    const readonly = auth(hub.tokenWith(['homey.system.readonly', 'homey.device.readonly']));
    await hub.http().post(`${api}/active-dataset`).set(readonly).send({ tlvHex: DATASET }).expect(403);
    await hub.http().get(`${api}/active-dataset`).set(readonly).expect(403);
    await hub.http().post(`${api}/reset`).set(readonly).send({}).expect(403);
    await hub.http().post(`${api}/execute-command`).set(readonly).send({ command: 'state' }).expect(403);
    await hub.http().get(`${api}/disable`).set(readonly).expect(403);
    await hub.http().get(`${api}/enable`).set(readonly).expect(403);
    await hub.http().get(`${api}/discovered-border-routers`).set(readonly).expect(403);
    await hub.http().post(`${api}/rescan-border-routers`).set(readonly).send({}).expect(403);
    await hub.http().get(`${api}/topology`).set(auth(hub.tokenWith(['homey.system.readonly']))).expect(403);
    await hub.http().get(`${api}/state`).set(auth(hub.tokenWith(['homey.device']))).expect(403);
  });
});
