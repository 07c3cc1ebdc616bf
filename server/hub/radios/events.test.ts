import { FakeClock } from '../../http/clock.js';
import { connectRealtime, type ClientVersion, type RealtimeClient } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { INTERVIEW_MS } from './network.js';

const DATASET = '000300000f010212340208dead00beef00cafe0304486f6d65051000112233445566778899aabbccddeeff';

describe.each<ClientVersion>(['v2', 'v4'])('radio network changes seen by a socket.io %s client', (version) => {
  const clock = new FakeClock(Date.parse('2026-11-23T17:00:00Z'));
  let hub: TestHub;
  let client: RealtimeClient;
  const auth = () => bearer(hub.token);
  beforeAll(async () => {
    hub = await startTestHub({ clock });
    client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    for (const manager of ['zigbee', 'zwave', 'ble', 'rf', 'coprocessor', 'matter', 'thread']) {
      expect((await client.request('subscribe', `homey:manager:${manager}`))[0]).toBeNull();
    }
  });
  afterAll(async () => {
    client.close();
    await hub.stop();
  });

  /** Runs `act`, waits for the manager's `state` event that `match` accepts, and checks it is what getState answers. */
  async function announced(manager: string, act: () => unknown, match: (state: any) => boolean): Promise<any> {
    const next = client.next(`homey:manager:${manager}`, (event, data) => event === 'state' && match(data));
    await act();
    const { data } = await next;
    expect(data).toEqual((await hub.http().get(`/api/manager/${manager}/state`).set(auth()).expect(200)).body);
    return data;
  }

  it('when a zigbee node joins, is interviewed, reports and leaves, then each step arrives as the network state', async () => {
    const command = (body: object) => hub.http().post('/api/manager/zigbee/command').set(auth()).send(body).expect(200);
    const until = new Date(clock.now() + 60_000).toISOString();
    await announced('zigbee', () => command({ command: 'permitJoin', opts: { duration: 60 } }), (state) => state.permitJoinUntil === until);
    let nodeId = '';
    const joined = await announced(
      'zigbee',
      async () => (nodeId = (await hub.http().post('/api/manager/zigbee/simulator/node').set(auth()).send({ driver: 'contact' }).expect(200)).body.id),
      (state) => Object.values(state.nodes).some((node: any) => node.status === 'interviewing'),
    );
    expect(joined.nodes[nodeId]).toMatchObject({ driver: 'contact', status: 'interviewing' });
    await announced('zigbee', () => clock.advance(INTERVIEW_MS), (state) => state.nodes[nodeId]?.status === 'ready');
    const reported = await announced(
      'zigbee',
      () => hub.http().post(`/api/manager/zigbee/simulator/node/${nodeId}/report`).set(auth()).send({ values: { alarm_contact: true } }).expect(200),
      (state) => state.nodes[nodeId]?.lastReport !== null,
    );
    expect(reported.nodes[nodeId].lastReport).toEqual({ alarm_contact: true });
    await announced('zigbee', () => command({ command: 'setChannel', opts: { channel: 25 } }), (state) => state.channel === 25);
    await announced('zigbee', () => hub.http().delete(`/api/manager/zigbee/simulator/node/${nodeId}`).set(auth()).expect(204), (state) => !(nodeId in state.nodes));
  });

  it('when z-wave inclusion starts and stops and the region changes, then the state follows; the override is an option.update too', async () => {
    const command = (body: object) => hub.http().post('/api/manager/zwave/command').set(auth()).send(body).expect(200);
    const until = new Date(clock.now() + 30_000).toISOString();
    await announced('zwave', () => command({ command: 'startInclusion', opts: { duration: 30 } }), (state) => state.inclusionUntil === until);
    await announced('zwave', () => command({ command: 'stopInclusion' }), (state) => state.inclusionUntil === null);
    await announced('zwave', () => hub.http().post('/api/manager/zwave/region').set(auth()).send({ region: 'US' }).expect(204), (state) => state.region === 'US');
    const option = client.next('homey:manager:zwave', (event) => event === 'option.update');
    await announced('zwave', () => hub.http().put('/api/manager/zwave/option/regionOverride').set(auth()).send({ value: 'ANZ' }).expect(204), (state) => state.effectiveRegion === 'ANZ');
    expect((await option).data).toEqual({ id: 'regionOverride', value: 'ANZ' });
    await announced('zwave', () => hub.http().put('/api/manager/zwave/log').set(auth()).send({ enabled: true }).expect(204), (state) => state.logEnabled === true);
  });

  it('when a BLE peripheral comes into range and leaves, then the state follows', async () => {
    const address = 'aa:bb:cc:dd:ee:01';
    await announced('ble', () => hub.http().post('/api/manager/ble/simulator/advertisement').set(auth()).send({ address, localName: 'Plant sensor' }).expect(200), (state) => address in state.advertisements);
    await announced('ble', () => hub.http().delete(`/api/manager/ble/simulator/advertisement/${address}`).set(auth()).expect(204), (state) => !(address in state.advertisements));
  });

  it('when RF is configured, sends and records, then the state follows', async () => {
    const { signalCount } = (await hub.http().get('/api/manager/rf/state').set(auth()).expect(200)).body;
    await announced('rf', () => hub.http().post('/api/manager/rf/mhz433/config').set(auth()).send({ power: 5 }).expect(200), (state) => state.mhz433.power === 5);
    await announced('rf', () => hub.http().post('/api/manager/rf/replay').set(auth()).send({ frequency: '868', data: [300, 900, 300] }).expect(200), (state) => state.lastTransmission?.frequency === '868');
    const recording = announced('rf', () => undefined, (state) => state.recording.includes('433'));
    const signal = hub.http().post('/api/manager/rf/record').set(auth()).send({ frequency: '433', timeout: 5000 }).then((response) => response);
    await recording;
    await announced('rf', () => hub.http().post('/api/manager/rf/433/emulate').set(auth()).send([350, 1050, 350]).expect(200), (state) => state.signalCount === signalCount + 1 && state.recording.length === 0);
    expect((await signal).status).toBe(200);
  });

  it('when a coprocessor bridge pairs or a peripheral is tuned, then the state follows', async () => {
    await announced('coprocessor', () => hub.http().post('/api/manager/coprocessor/bridge').set(auth()).send({ serialHash: 'a1b2c3d4e5f6'.repeat(5) + 'a1b2' }).expect(200), (state) => state.bridgeCount === 1);
    await announced('coprocessor', () => hub.http().put('/api/manager/coprocessor/rf433/modulation').set(auth()).send({ baudRate: 9600 }).expect(200), (state) => state.peripherals.rf433.modulation.baudRate === 9600);
  });

  it('when a matter device advertises, is commissioned and removed, then the state follows', async () => {
    const { nodeCount } = (await hub.http().get('/api/manager/matter/state').set(auth()).expect(200)).body;
    let pairingCode = '';
    await announced(
      'matter',
      async () => ({ pairingCode } = (await hub.http().post('/api/manager/matter/simulator/device').set(auth()).send({ productName: 'Eve Energy', vendorName: 'Eve', kind: 'plug', transport: 'thread' }).expect(200)).body),
      (state) => state.commissionable === 1,
    );
    let nodeId = '';
    await announced('matter', async () => (nodeId = (await hub.http().post('/api/manager/matter/commission').set(auth()).send({ pairingCode }).expect(200)).body.id), (state) => state.nodeCount === nodeCount + 1 && state.commissionable === 0);
    await announced('matter', () => hub.http().delete(`/api/manager/matter/node/${nodeId}`).set(auth()).expect(204), (state) => state.nodeCount === nodeCount);
  });

  it('when a thread dataset is set, the interface stopped and the network reset, then the state follows', async () => {
    const leader = await announced('thread', () => hub.http().post('/api/manager/thread/active-dataset').set(auth()).send({ tlvHex: DATASET }).expect(204), (state) => state.network?.networkName === 'Home');
    expect(leader).toMatchObject({ role: 'leader', network: { networkName: 'Home', channel: 15 } });
    await announced('thread', () => hub.http().post('/api/manager/thread/execute-command').set(auth()).send({ command: 'thread stop' }).expect(200), (state) => state.role === 'detached');
    await announced('thread', () => hub.http().post('/api/manager/thread/reset').set(auth()).send({}).expect(204), (state) => state.network === null);
  });

  it('when a session lacks homey.system.readonly, then it cannot subscribe to a radio manager', async () => {
    const other = await connectRealtime(hub.url, hub.tokenWith(['homey.device.readonly']), hub.hub.id, version);
    try {
      expect((await other.request('subscribe', 'homey:manager:zigbee'))[0]).toMatchObject({ statusCode: 403 });
    } finally {
      other.close();
    }
  });
});
