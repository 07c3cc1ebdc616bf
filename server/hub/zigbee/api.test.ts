import { FakeClock } from '../../http/clock.js';
import { INTERVIEW_MS } from '../radios/network.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe('zigbee manager', () => {
  const clock = new FakeClock(Date.parse('2026-11-23T17:00:00Z'));
  let hub: TestHub;
  const auth = (token = hub.token) => bearer(token);
  const command = (body: object, token?: string) => hub.http().post('/api/manager/zigbee/command').set(auth(token)).send(body);
  const join = (body: object) => hub.http().post('/api/manager/zigbee/simulator/node').set(auth()).send(body);
  const state = async () => (await hub.http().get('/api/manager/zigbee/state').set(auth()).expect(200)).body;

  beforeAll(async () => {
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  it('when the network is closed, then a node cannot join; when opened, it joins, is interviewed and can be pinged and removed', async () => {
    expect((await join({ driver: 'temperature' }).expect(409)).body.error_description).toMatch(/network is closed/);
    const opened = await command({ command: 'permitJoin', opts: { duration: 30 } }).expect(200);
    expect(opened.body).toEqual({ permitJoinUntil: '2026-11-23T17:00:30.000Z' });
    const { body: node } = await join({ driver: 'temperature', model: 'Custom' }).expect(200);
    expect(node).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{16}$/), status: 'interviewing', manufacturer: 'Aqara', model: 'Custom', endpoints: [] });
    await hub.http().post(`/api/manager/zigbee/simulator/node/${node.id}/report`).set(auth()).send({ values: { measure_temperature: 20 } }).expect(409);
    clock.advance(INTERVIEW_MS);
    expect((await state()).nodes[node.id]).toMatchObject({ status: 'ready', endpoints: expect.arrayContaining(['temperatureMeasurement']), interviewedAt: '2026-11-23T17:00:03.000Z' });
    expect((await command({ command: 'pingNode', opts: { id: node.id } }).expect(200)).body).toMatchObject({ id: node.id, reachable: true });
    const report = await hub.http().post(`/api/manager/zigbee/simulator/node/${node.id}/report`).set(auth()).send({ values: { measure_temperature: 19.5 } }).expect(200);
    expect(report.body).toMatchObject({ deviceId: null, node: { lastReport: { measure_temperature: 19.5 } } });
    await command({ command: 'removeNode', opts: { id: node.id } }).expect(200, { removed: node.id });
    expect((await state()).nodes).not.toHaveProperty(node.id);
    clock.advance(30_000);
    expect((await state()).permitJoinUntil).toBe('2026-11-23T17:00:30.000Z');
    await join({ driver: 'motion' }).expect(409);
  });

  it('when the channel is set, then the state shows it; bad commands and options are 400, unknown nodes 404', async () => {
    await command({ command: 'setChannel', opts: { channel: 20 } }).expect(200, { channel: 20 });
    expect((await state()).channel).toBe(20);
    expect((await command({ command: 'setChannel', opts: { channel: 27 } }).expect(400)).body.error_description).toBe('opts.channel must be an integer from 11 to 26');
    expect((await command({ command: 'dance' }).expect(400)).body.error_description).toMatch(/^Unknown command: dance/);
    await command({}).expect(400);
    await command({ command: 'pingNode', opts: { id: 'ffffffffffffffff' } }).expect(404);
    await command({ command: 'permitJoin', opts: { duration: 10 } }, hub.tokenWith(['homey.system.readonly'])).expect(403);
    await hub.http().get('/api/manager/zigbee/state').set(auth(hub.tokenWith(['homey.device']))).expect(403);
  });

  it('when simulator input is wrong, then 400; an unknown node is 404; without the scope 403', async () => {
    await command({ command: 'permitJoin', opts: { duration: 60 } }).expect(200);
    expect((await join({ driver: 'socket' }).expect(400)).body.error_description).toBe('No simulated zigbee hardware for driver socket');
    await join({}).expect(400);
    const { body: node } = await join({ driver: 'contact' }).expect(200);
    clock.advance(INTERVIEW_MS);
    const report = (values: object) => hub.http().post(`/api/manager/zigbee/simulator/node/${node.id}/report`).set(auth()).send({ values });
    expect((await report({ measure_temperature: 3 }).expect(400)).body.error_description).toBe('A door and window sensor reports no measure_temperature');
    await report({ alarm_contact: 'open' }).expect(400);
    await report({}).expect(400);
    await hub.http().post('/api/manager/zigbee/simulator/node/nope/report').set(auth()).send({ values: { alarm_contact: true } }).expect(404);
    await hub.http().delete('/api/manager/zigbee/simulator/node/nope').set(auth()).expect(404);
    await hub.http().post('/api/manager/zigbee/simulator/node').set(auth(hub.tokenWith(['homey.system.readonly']))).send({ driver: 'contact' }).expect(403);
    await hub.http().delete(`/api/manager/zigbee/simulator/node/${node.id}`).set(auth()).expect(204);
    await hub.http().delete(`/api/manager/zigbee/simulator/node/${node.id}`).set(auth()).expect(404);
  });

  it('when firmware is verified, flashed with and without NV, and NV erased, then the network follows', async () => {
    await hub.http().get('/api/manager/zigbee/get-last-flash-result').set(auth()).expect(404);
    expect((await hub.http().put('/api/manager/zigbee/verify-firmware').set(auth()).send({}).expect(200)).body).toEqual({ running: '7.3.0', shipped: '7.4.1', upToDate: false });
    await command({ command: 'permitJoin', opts: { duration: 60 } }).expect(200);
    const { body: node } = await join({ driver: 'smoke' }).expect(200);
    const panId = (await state()).panId;
    const kept = await hub.http().put('/api/manager/zigbee/flash-firmware').set(auth()).send({}).expect(200);
    expect(kept.body).toEqual({ success: true, flashedAt: expect.any(String), version: '7.4.1', keptNV: true });
    expect(await state()).toMatchObject({ panId, firmware: { running: '7.4.1', upToDate: true } });
    expect((await state()).nodes).toHaveProperty(node.id);
    await hub.http().put('/api/manager/zigbee/flash-firmware').set(auth()).send({ keepNV: 'no' }).expect(400);
    await hub.http().put('/api/manager/zigbee/flash-firmware').set(auth()).send({ keepNV: false }).expect(200);
    expect((await hub.http().get('/api/manager/zigbee/get-last-flash-result').set(auth()).expect(200)).body).toMatchObject({ keptNV: false });
    expect((await state()).nodes).toEqual({});
    await command({ command: 'permitJoin', opts: { duration: 60 } }).expect(200);
    await join({ driver: 'smoke' }).expect(200);
    await hub.http().put('/api/manager/zigbee/erase-nv').set(auth()).send({}).expect(204);
    expect(await state()).toMatchObject({ nodes: {}, permitJoinUntil: null });
    await hub.http().put('/api/manager/zigbee/erase-nv').set(auth(hub.tokenWith(['homey.system.readonly']))).send({}).expect(403);
  });
});
