import { FakeClock } from '../../http/clock.js';
import { INTERVIEW_MS } from '../radios/network.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe('zwave manager', () => {
  const clock = new FakeClock(Date.parse('2026-11-23T17:00:00Z'));
  let hub: TestHub;
  const auth = (token = hub.token) => bearer(token);
  const readonly = () => auth(hub.tokenWith(['homey.system.readonly']));
  const api = '/api/manager/zwave';
  const command = (body: object) => hub.http().post(`${api}/command`).set(auth()).send(body);
  const state = async () => (await hub.http().get(`${api}/state`).set(auth()).expect(200)).body;

  beforeAll(async () => {
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  it('when the log is enabled and a node is included, interviewed, reports and is removed, then the log tells each step', async () => {
    await hub.http().put(`${api}/log`).set(auth()).send({ enabled: true }).expect(204);
    await hub.http().post(`${api}/simulator/node`).set(auth()).send({ driver: 'socket' }).expect(409);
    expect((await command({ command: 'startInclusion' }).expect(200)).body).toEqual({ inclusionUntil: '2026-11-23T17:01:00.000Z' });
    const demoNodes = Object.keys((await state()).nodes).map(Number);
    const { body: node } = await hub.http().post(`${api}/simulator/node`).set(auth()).send({ driver: 'socket' }).expect(200);
    const id = String(Math.max(1, ...demoNodes) + 1);
    expect(node).toMatchObject({ id, status: 'interviewing', manufacturer: 'Fibaro' });
    clock.advance(INTERVIEW_MS);
    expect((await state()).nodes[id]).toMatchObject({ status: 'ready', endpoints: expect.arrayContaining(['COMMAND_CLASS_METER']) });
    await hub.http().post(`${api}/simulator/node/${id}/report`).set(auth()).send({ values: { measure_power: 42 } }).expect(200);
    expect((await command({ command: 'healNetwork' }).expect(200)).body).toEqual({ healed: demoNodes.length + 1 });
    await command({ command: 'stopInclusion' }).expect(200, { inclusionUntil: null });
    await command({ command: 'removeNode', opts: { id } }).expect(200, { removed: id });
    const { body: log } = await hub.http().get(`${api}/log`).set(auth()).expect(200);
    expect(log.enabled).toBe(true);
    expect(log.lines.map((line: { message: string }) => line.message)).toEqual([
      'Log started',
      'Inclusion started for 60 s',
      `Node ${id} joined (Fibaro FGWPE-102); interviewing`,
      `Node ${id} interviewed: COMMAND_CLASS_SWITCH_BINARY, COMMAND_CLASS_METER, COMMAND_CLASS_CONFIGURATION`,
      `Node ${id} reported measure_power=42`,
      `Network heal: ${demoNodes.length + 1} nodes`,
      'Inclusion stopped',
      `Node ${id} left: The device left the Z-Wave network`,
    ]);
    await hub.http().put(`${api}/log`).set(auth()).send({ enabled: false }).expect(204);
    await command({ command: 'healNetwork' }).expect(200);
    expect((await hub.http().get(`${api}/log`).set(auth()).expect(200)).body.lines.at(-1).message).toBe('Log stopped');
    await hub.http().put(`${api}/log`).set(auth()).send({ enabled: 'yes' }).expect(400);
    await hub.http().get(`${api}/log`).set(readonly()).expect(403);
  });

  it('when the region is set or overridden, then the effective region follows and a forced region refuses setRegion', async () => {
    await hub.http().post(`${api}/region`).set(auth()).send({ region: 'US' }).expect(204);
    expect(await state()).toMatchObject({ region: 'US', regionOverride: null, effectiveRegion: 'US' });
    await hub.http().put(`${api}/option/regionOverride`).set(auth()).send({ value: 'ANZ' }).expect(204);
    await hub.http().get(`${api}/option/regionOverride`).set(readonly()).expect(200, { value: 'ANZ' });
    expect(await state()).toMatchObject({ region: 'US', effectiveRegion: 'ANZ' });
    expect((await hub.http().post(`${api}/region`).set(auth()).send({ region: 'EU' }).expect(409)).body.error_description).toMatch(/forced to ANZ/);
    await hub.http().delete(`${api}/option/regionOverride`).set(auth()).expect(204);
    await hub.http().get(`${api}/option/regionOverride`).set(auth()).expect(200, { value: null });
    await hub.http().post(`${api}/region`).set(auth()).send({ region: 'XX' }).expect(400);
    await hub.http().put(`${api}/option/regionOverride`).set(auth()).send({ value: 'Mars' }).expect(400);
    await hub.http().post(`${api}/region`).set(readonly()).send({ region: 'EU' }).expect(403);
    await hub.http().put(`${api}/option/regionOverride`).set(readonly()).send({ value: 'EU' }).expect(403);
    await hub.http().delete(`${api}/option/regionOverride`).set(readonly()).expect(403);
    await hub.http().get(`${api}/option/regionOverride`).set(auth(hub.tokenWith(['homey.device']))).expect(403);
  });

  it('when the LBT threshold is set and the NVM fix runs, then state and nodes follow; bad input is 400, unknown nodes 404', async () => {
    await hub.http().put(`${api}/lbt-threshold`).set(auth()).send({ threshold: -80 }).expect(204);
    expect((await state()).lbtThreshold).toBe(-80);
    await hub.http().put(`${api}/lbt-threshold`).set(auth()).send({ threshold: -20 }).expect(400);
    await hub.http().put(`${api}/lbt-threshold`).set(readonly()).send({ threshold: -80 }).expect(403);
    await command({ command: 'startInclusion', opts: { duration: 30 } }).expect(200);
    const checked = Object.keys((await state()).nodes).length + 1;
    const { body: node } = await hub.http().post(`${api}/simulator/node`).set(auth()).send({ driver: 'lock' }).expect(200);
    expect((await hub.http().put(`${api}/attempt-nvm-fix`).set(auth()).send({}).expect(200)).body).toEqual({ checked, reinterviewed: 1 });
    clock.advance(INTERVIEW_MS);
    expect((await state()).nodes[node.id].status).toBe('ready');
    expect((await hub.http().put(`${api}/attempt-nvm-fix`).set(auth()).send({}).expect(200)).body).toEqual({ checked, reinterviewed: 0 });
    await hub.http().put(`${api}/attempt-nvm-fix`).set(readonly()).send({}).expect(403);
    await command({ command: 'startInclusion', opts: { duration: 0 } }).expect(400);
    await command({ command: 'pingNode', opts: {} }).expect(400);
    await command({ command: 'pingNode', opts: { id: '99' } }).expect(404);
    expect((await command({ command: 'pingNode', opts: { id: node.id } }).expect(200)).body).toMatchObject({ reachable: true });
    await hub.http().post(`${api}/simulator/node`).set(auth()).send({ driver: 'light' }).expect(400);
    await hub.http().post(`${api}/simulator/node/99/report`).set(auth()).send({ values: { locked: true } }).expect(404);
    await hub.http().post(`${api}/simulator/node/${node.id}/report`).set(auth()).send({ values: { locked: 'yes' } }).expect(400);
    await hub.http().post(`${api}/simulator/node/${node.id}/report`).set(readonly()).send({ values: { locked: true } }).expect(403);
    await hub.http().delete(`${api}/simulator/node/${node.id}`).set(readonly()).expect(403);
    await hub.http().delete(`${api}/simulator/node/${node.id}`).set(auth()).expect(204);
    await hub.http().delete(`${api}/simulator/node/${node.id}`).set(auth()).expect(404);
    await hub.http().get(`${api}/state`).set(auth(hub.tokenWith(['homey.device']))).expect(403);
  });
});
