import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const DATASET = '000300000f010212340208dead00beef00cafe0304486f6d65051000112233445566778899aabbccddeeff';
const EVE = { productName: 'Eve Energy', vendorName: 'Eve', kind: 'plug', transport: 'thread', latestSoftwareVersion: 2, otherFabrics: ['Apple Home'] };

describe('matter manager', () => {
  let hub: TestHub;
  const auth = (token = hub.token) => bearer(token);
  const readonly = () => auth(hub.tokenWith(['homey.system.readonly']));
  const api = '/api/manager/matter';

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a simulated device is commissioned, interviewed and made a device, then the node and its device agree', async () => {
    const demoNodes = (await hub.http().get(`${api}/state`).set(readonly()).expect(200)).body.nodeCount;
    const { body: { pairingCode } } = await hub.http().post(`${api}/simulator/device`).set(auth()).send(EVE).expect(200);
    expect(pairingCode).toMatch(/^\d{11}$/);
    expect((await hub.http().get(`${api}/state`).set(readonly()).expect(200)).body).toMatchObject({ nodeCount: demoNodes, commissionable: 1 });
    const { body: node } = await hub.http().post(`${api}/commission`).set(auth()).send({ pairingCode }).expect(200);
    expect(node).toMatchObject({ name: 'Eve Energy', transport: 'thread', routing: true, interviewed: false, deviceId: null, fabrics: [{ fabricIndex: 1, own: true }, { fabricIndex: 2, label: 'Apple Home', own: false }] });
    await hub.http().post(`${api}/commission`).set(auth()).send({ pairingCode }).expect(404);
    expect((await hub.http().get(`${api}/nodes`).set(readonly()).expect(200)).body[node.id]).toEqual(node);
    await hub.http().get(`${api}/node/${node.id}`).set(readonly()).expect(200, node);
    expect((await hub.http().get(`${api}/make-device`).query({ nodeId: node.id }).set(auth()).expect(409)).body.error_description).toBe('Interview Eve Energy first');
    await hub.http().get(`${api}/node/${node.id}/attributes`).set(readonly()).expect(200, {});
    const { body: interviewed } = await hub.http().get(`${api}/interview`).query({ nodeId: node.id }).set(auth()).expect(200);
    expect(interviewed.endpoints.map((endpoint: { deviceType: string }) => endpoint.deviceType)).toEqual(['RootNode', 'OnOffPlugInUnit']);
    await hub.http().get(`${api}/read-basic-info`).query({ nodeId: node.id }).set(auth()).expect(200, { vendorName: 'Eve', productName: 'Eve Energy', softwareVersion: 1, serialNumber: node.serialNumber });
    const { body: { deviceId } } = await hub.http().get(`${api}/make-device`).query({ nodeId: node.id }).set(auth()).expect(200);
    const { body: device } = await hub.http().get(`/api/manager/devices/device/${deviceId}`).set(auth()).expect(200);
    expect(device).toMatchObject({ name: 'Eve Energy', driverId: 'homey:manager:vdevice:socket', data: { id: `matter:${node.id}` } });
    await hub.http().get(`${api}/make-device`).query({ nodeId: node.id }).set(auth()).expect(409);
    await hub.http().put(`/api/manager/devices/device/${deviceId}/capability/onoff`).set(auth()).send({ value: true }).expect(204);
    expect((await hub.http().get(`${api}/node/${node.id}/attributes`).set(readonly()).expect(200)).body['1']).toEqual({ onOff: { onOff: true } });

    await hub.http().get(`${api}/fabrics`).query({ deviceId }).set(readonly()).expect(200, node.fabrics);
    await hub.http().post(`${api}/delete-fabric`).set(auth()).send({ deviceId, fabricIndex: 1 }).expect(409);
    await hub.http().post(`${api}/delete-fabric`).set(auth()).send({ deviceId, fabricIndex: 7 }).expect(404);
    await hub.http().post(`${api}/delete-fabric`).set(auth()).send({ deviceId, fabricIndex: 2 }).expect(204);
    expect((await hub.http().get(`${api}/node/${node.id}/fabrics`).set(readonly()).expect(200)).body).toHaveLength(1);
    const { body: window } = await hub.http().post(`${api}/open-commissioning-window`).set(auth()).send({ deviceId, timeout: 180 }).expect(200);
    expect(window).toEqual({ pairingCode: expect.stringMatching(/^\d{11}$/), expiresAt: expect.any(String) });
    await hub.http().post(`${api}/open-commissioning-window`).set(auth()).send({ deviceId, timeout: 10 }).expect(400);
    await hub.http().post(`${api}/open-commissioning-window`).set(auth()).send({ deviceId: 'nope' }).expect(404);
    await hub.http().get(`${api}/fabrics`).query({ deviceId: 'nope' }).set(auth()).expect(404);

    expect((await hub.http().get(`${api}/node/${node.id}/firmware-update`).set(readonly()).expect(200)).body).toEqual({ currentVersion: 1, availableVersion: 2 });
    await hub.http().post(`${api}/node/${node.id}/firmware-update`).set(readonly()).send({ softwareVersion: 3 }).expect(400);
    expect((await hub.http().post(`${api}/node/${node.id}/firmware-update`).set(readonly()).send({ softwareVersion: 2 }).expect(200)).body.softwareVersion).toBe(2);
    await hub.http().post(`${api}/node/${node.id}/firmware-update`).set(auth()).send({ softwareVersion: 2 }).expect(409);

    expect((await hub.http().post(`${api}/node/${node.id}/ping`).set(auth()).send({}).expect(200)).body).toEqual({ reachable: true, roundTripMs: 40 });
    expect((await hub.http().post(`${api}/node/${node.id}/resolve-address`).set(readonly()).send({}).expect(200)).body.port).toBe(5540);
    expect((await hub.http().post(`${api}/node/${node.id}/force-update`).set(auth()).send({}).expect(200)).body.id).toBe(node.id);
    expect((await hub.http().post(`${api}/node/${node.id}/diagnostic-report`).set(readonly()).send({}).expect(200)).body).toMatchObject({ nodeId: node.id, deviceId, fabrics: 1 });
    await hub.http().post('/api/manager/thread/reset').set(auth()).send({}).expect(204);
    expect((await hub.http().get(`${api}/node/${node.id}/thread-network`).set(readonly()).expect(409)).body.error_description).toMatch(/no active dataset/);
    await hub.http().post('/api/manager/thread/active-dataset').set(auth()).send({ tlvHex: DATASET }).expect(204);
    expect((await hub.http().get(`${api}/node/${node.id}/thread-network`).set(readonly()).expect(200)).body).toEqual({ channel: 15, panId: 0x1234, extPanId: 'dead00beef00cafe', networkName: 'Home', role: 'router' });
    expect((await hub.http().get('/api/manager/thread/topology').set(auth()).expect(200)).body.nodes).toContainEqual({ id: node.id, name: 'Eve Energy', role: 'router' });
    await hub.http().get(`${api}/node/${node.id}/wifi-network`).set(readonly()).expect(409);

    await hub.http().delete(`${api}/node/${node.id}`).set(auth()).expect(204);
    expect((await hub.http().get(`/api/manager/devices/device/${deviceId}`).set(auth()).expect(200)).body).toMatchObject({ available: false });
    await hub.http().get(`${api}/node/${node.id}`).set(auth()).expect(404);
  });

  it('when a device attests with a test certificate, then it is commissioned only while paaSettings allows it', async () => {
    await hub.http().get(`${api}/option/paaSettings`).set(auth()).expect(200, { value: { allowTestCertificates: false } });
    const { body: { pairingCode } } = await hub.http().post(`${api}/simulator/device`).set(auth()).send({ ...EVE, kind: 'light', transport: 'wifi', ssid: 'Attic', testCertificate: true }).expect(200);
    expect((await hub.http().post(`${api}/commission`).set(auth()).send({ pairingCode }).expect(400)).body.error_description).toMatch(/test certificate/);
    await hub.http().put(`${api}/option/paaSettings`).set(auth()).send({ value: { allowTestCertificates: true } }).expect(204);
    const { body: node } = await hub.http().post(`${api}/commission`).set(auth()).send({ pairingCode }).expect(200);
    await hub.http().get(`${api}/node/${node.id}/wifi-network`).set(readonly()).expect(200, { ssid: 'Attic' });
    await hub.http().get(`${api}/node/${node.id}/thread-network`).set(readonly()).expect(409);
    await hub.http().delete(`${api}/option/paaSettings`).set(auth()).expect(204);
    await hub.http().get(`${api}/option/paaSettings`).set(auth()).expect(200, { value: { allowTestCertificates: false } });
    expect((await hub.http().get(`${api}/update-dcl-paa-certs`).set(auth()).expect(200)).body).toEqual({ updatedAt: expect.any(String) });
    expect((await hub.http().get(`${api}/state`).set(auth()).expect(200)).body.paaCertsUpdatedAt).toEqual(expect.any(String));
  });

  it('when input is bad, then 400; unknown nodes 404; without the scope 403', async () => {
    await hub.http().put(`${api}/option/paaSettings`).set(auth()).send({ value: true }).expect(400);
    await hub.http().post(`${api}/simulator/device`).set(auth()).send({ productName: 'X', vendorName: 'Y', kind: 'fridge', transport: 'thread' }).expect(400);
    await hub.http().post(`${api}/commission`).set(auth()).send({ pairingCode: '12' }).expect(400);
    await hub.http().get(`${api}/interview`).set(auth()).expect(400);
    for (const path of ['interview', 'read-basic-info', 'make-device']) await hub.http().get(`${api}/${path}`).query({ nodeId: 'nope' }).set(auth()).expect(404);
    for (const path of ['attributes', 'fabrics', 'firmware-update', 'thread-network', 'wifi-network']) await hub.http().get(`${api}/node/nope/${path}`).set(auth()).expect(404);
    for (const path of ['resolve-address', 'force-update', 'ping', 'diagnostic-report']) await hub.http().post(`${api}/node/nope/${path}`).set(auth()).send({}).expect(404);
    await hub.http().delete(`${api}/node/nope/fabric/2`).set(auth()).expect(404);
    await hub.http().delete(`${api}/node/nope/fabric/0`).set(auth()).expect(400);
    const none = auth(hub.tokenWith(['homey.device']));
    await hub.http().get(`${api}/state`).set(none).expect(403);
    await hub.http().get(`${api}/nodes`).set(none).expect(403);
    await hub.http().get(`${api}/option/paaSettings`).set(readonly()).expect(403);
    await hub.http().put(`${api}/option/paaSettings`).set(readonly()).send({ value: { allowTestCertificates: true } }).expect(403);
    await hub.http().delete(`${api}/option/paaSettings`).set(readonly()).expect(403);
    await hub.http().post(`${api}/commission`).set(readonly()).send({ pairingCode: '12345678901' }).expect(403);
    await hub.http().post(`${api}/simulator/device`).set(readonly()).send(EVE).expect(403);
    await hub.http().get(`${api}/make-device`).query({ nodeId: 'x' }).set(readonly()).expect(403);
    await hub.http().post(`${api}/node/x/ping`).set(readonly()).send({}).expect(403);
    await hub.http().delete(`${api}/node/x`).set(readonly()).expect(403);
  });
});

describe.each<ClientVersion>(['v2', 'v4'])('matter nodes over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a node is commissioned, interviewed and removed, then matternode.create, .update and .delete go out', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const call = (operation: string, args: Record<string, unknown>) => client.request('api', { uri: 'homey:manager:matter', operation, args });
    const next = (event: string) => client.next('homey:manager:matter', (name) => name === event);
    try {
      expect((await client.request('subscribe', 'homey:manager:matter'))[0]).toBeNull();
      const [, powered] = await call('addSimulatedDevice', EVE);
      const created = next('matternode.create');
      const [error, node] = await call('commissionNode', { pairingCode: (powered as { pairingCode: string }).pairingCode });
      expect(error).toBeNull();
      expect((await created).data).toEqual(node);
      const updated = next('matternode.update');
      const [, interviewed] = await call('interviewNode', { nodeId: (node as { id: string }).id });
      expect((await updated).data).toEqual(interviewed);
      const deleted = next('matternode.delete');
      expect((await call('deleteMatterNode', { id: (node as { id: string }).id }))[0]).toBeNull();
      expect((await deleted).data).toMatchObject({ id: (node as { id: string }).id });
    } finally {
      client.close();
    }
  });
});
