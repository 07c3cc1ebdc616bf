import { FakeClock } from '../../http/clock.js';
import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { KEPT_SIGNALS } from './transceiver.js';

const remote = [350, 1050, 350, 1050, 1050, 350];
const POWER = '0000 006D 0002 0000 0157 00AC 0015 0689';

describe('rf manager', () => {
  const clock = new FakeClock(Date.parse('2026-11-23T17:00:00Z'));
  let hub: TestHub;
  const auth = (token = hub.token) => bearer(token);
  const readonly = () => auth(hub.tokenWith(['homey.system.readonly']));
  const api = '/api/manager/rf';
  const state = async () => (await hub.http().get(`${api}/state`).set(auth()).expect(200)).body;
  /** Starts a recording and waits until the hub listens. */
  const startRecording = async (body: object, band: string) => {
    const answer = hub.http().post(`${api}/record`).set(auth()).send(body).then((response) => response);
    for (let tries = 0; !(await state()).recording.includes(band); tries++) if (tries > 50) throw new Error('not recording');
    return { answer };
  };

  beforeAll(async () => {
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  it('when a recording hears an emulated signal, then it answers and stores it; a second recording of the band is 409', async () => {
    const { signalCount } = await state();
    const { answer } = await startRecording({ frequency: '868', timeout: 5000 }, '868');
    await hub.http().post(`${api}/record`).set(auth()).send({ frequency: '868' }).expect(409);
    expect((await hub.http().post(`${api}/433/emulate`).set(auth()).send(remote).expect(200)).body).toEqual({ recorded: null });
    const { body: heard } = await hub.http().post(`${api}/868/emulate`).set(auth()).send(remote).expect(200);
    const { status, body: signal } = await answer;
    expect(status).toBe(200);
    expect(signal).toEqual({ id: heard.recorded, frequency: '868', data: remote, recordedAt: '2026-11-23T17:00:00.000Z' });
    expect(hub.hub.store.get('signal', signal.id)).toEqual(signal);
    expect(await state()).toMatchObject({ recording: [], signalCount: signalCount + 1 });
    const { body: signals } = await hub.http().get(`${api}/signal`).set(readonly()).expect(200);
    expect(signals[signal.id]).toEqual(signal);
    expect(Object.keys(signals)).toHaveLength(signalCount + 1);
    await hub.http().get(`${api}/signal`).set(auth(hub.tokenWith(['homey.device.readonly']))).expect(403);
  });

  it('when nothing is heard within the time-out on the hub clock, then 408', async () => {
    const { answer } = await startRecording({ timeout: 2000 }, '433');
    clock.advance(1999);
    expect((await state()).recording).toEqual(['433']);
    clock.advance(1);
    const { status, body } = await answer;
    expect(status).toBe(408);
    expect(body).toEqual({ error: 'timeout', error_description: 'No 433 MHz signal was heard within 2000 ms', statusCode: 408, stack: expect.any(String) });
    await hub.http().post(`${api}/record`).set(auth()).send({ frequency: 'fm' }).expect(400);
    await hub.http().post(`${api}/record`).set(auth()).send({ timeout: 10 }).expect(400);
    await hub.http().post(`${api}/record`).set(readonly()).send({}).expect(403);
  });

  it('when a signal is replayed or the 433 MHz transceiver configured, then the state shows it; bad input is 400', async () => {
    const { body: sent } = await hub.http().post(`${api}/replay`).set(auth()).send({ frequency: '433', data: remote }).expect(200);
    expect(sent).toEqual({ frequency: '433', carrierHz: 433_920_000, pulses: 6, repetitions: 1, durationMs: 4.2, at: '2026-11-23T17:00:02.000Z' });
    expect((await state()).lastTransmission).toEqual(sent);
    await hub.http().post(`${api}/replay`).set(auth()).send({ frequency: '433', data: [0, 1] }).expect(400);
    await hub.http().post(`${api}/replay`).set(auth()).send({ data: remote }).expect(400);
    await hub.http().post(`${api}/replay`).set(readonly()).send({ frequency: '433', data: remote }).expect(403);
    const { body: config } = await hub.http().post(`${api}/mhz433/config`).set(auth()).send({ modulation: 'FSK', deviation: 20000, carrier: 433_420_000 }).expect(200);
    expect(config).toEqual({ modulation: 'FSK', carrier: 433_420_000, deviation: 20000, channelSpacing: 200000, filterBandwidth: 325000, baudrate: 4800, power: 10 });
    expect((await state()).mhz433).toEqual(config);
    expect((await hub.http().post(`${api}/replay`).set(auth()).send({ frequency: '433', data: remote }).expect(200)).body.carrierHz).toBe(433_420_000);
    expect((await hub.http().post(`${api}/mhz433/config`).set(auth()).send({ modulation: 'ASK' }).expect(400)).body.error_description).toBe('A deviation applies to FSK and GFSK only, not ASK: set it to 0');
    await hub.http().post(`${api}/mhz433/config`).set(auth()).send({ carrier: 868_000_000 }).expect(400);
    await hub.http().post(`${api}/mhz433/config`).set(auth()).send({ modulation: 'AM' }).expect(400);
    await hub.http().post(`${api}/mhz433/config`).set(readonly()).send({ power: 0 }).expect(403);
    await hub.http().post(`${api}/433/emulate`).set(auth()).send([5]).expect(400);
    await hub.http().post(`${api}/fm/emulate`).set(auth()).send(remote).expect(404);
    await hub.http().post(`${api}/433/emulate`).set(readonly()).send(remote).expect(403);
    await hub.http().get(`${api}/state`).set(auth(hub.tokenWith(['homey.device']))).expect(403);
  });

  it('when a Pronto code is sent, then its carrier and air time are answered; a malformed code is a clear 400', async () => {
    const send = (payload: string, repetitions?: number) => hub.http().post(`${api}/ir/prontohex`).set(auth()).send({ payload, repetitions });
    expect((await send(POWER, 2).expect(200)).body).toEqual({ frequency: 'ir', carrierHz: 38029, pulses: 4, repetitions: 2, durationMs: 116.2, at: '2026-11-23T17:00:02.000Z' });
    expect((await send('0000 006D 0001 0001 0157 00AC 0015 0689', 3).expect(200)).body.durationMs).toBe(147.2);
    const problem = async (payload: string) => (await send(payload).expect(400)).body.error_description;
    expect(await problem('0000 006D 0002 0000 0157 00AC 0015')).toBe('The burst pair counts (2 once + 0 repeat) need 8 words, the payload has 7');
    expect(await problem('0100 006D 0002 0000 0157 00AC 0015 0689')).toBe('Only learned Pronto codes (format 0000) can be sent, not format 0100');
    expect(await problem('0000 0000 0001 0000 0157 00AC')).toBe('The Pronto frequency word must not be 0000');
    expect(await problem('0000 006D 0000 0000 0157 00AC')).toBe('The Pronto code has no burst pairs: both counts are 0000');
    expect(await problem('0000 006D 0001 0000 0157 XYZW')).toBe('Pronto word 6 ("XYZW") is not 4 hexadecimal digits');
    expect(await problem('0000 006D')).toBe('A Pronto code has at least 6 words (a header of 4 and one burst pair), not 2');
    expect(await problem('0000 006D 0001 0000 0000 00AC')).toBe('A Pronto burst duration must not be 0000');
    await send(POWER, 0).expect(400);
    await hub.http().post(`${api}/ir/prontohex`).set(auth()).send({}).expect(400);
    await hub.http().post(`${api}/ir/prontohex`).set(readonly()).send({ payload: POWER }).expect(403);
  });
});

describe.each<ClientVersion>(['v2', 'v4'])('rf signals over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a signal is recorded, then signal.create goes out; past the kept number the oldest goes with signal.delete', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      expect((await client.request('subscribe', 'homey:manager:rf'))[0]).toBeNull();
      const created = client.next('homey:manager:rf', (event) => event === 'signal.create');
      const recording = hub.http().post('/api/manager/rf/record').set(bearer(hub.token)).send({ frequency: 'ir' }).then((response) => response);
      let recorded: string | null = null;
      while (!recorded) recorded = (await hub.http().post('/api/manager/rf/ir/emulate').set(bearer(hub.token)).send(remote).expect(200)).body.recorded;
      const { body: signal } = await recording;
      expect((await created).data).toEqual(signal);
      for (let n = 1; n < KEPT_SIGNALS; n++) hub.hub.store.insert('signal', { ...signal, id: `older-${n}`, recordedAt: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}.${n}Z` });
      const deleted = client.next('homey:manager:rf', (event) => event === 'signal.delete');
      const again = hub.http().post('/api/manager/rf/record').set(bearer(hub.token)).send({ frequency: 'ir' }).then((response) => response);
      recorded = null;
      while (!recorded) recorded = (await hub.http().post('/api/manager/rf/ir/emulate').set(bearer(hub.token)).send(remote).expect(200)).body.recorded;
      expect((await again).status).toBe(200);
      expect((await deleted).data).toEqual({ id: expect.stringMatching(/^older-/) });
      expect(hub.hub.store.count('signal')).toBe(KEPT_SIGNALS);
    } finally {
      client.close();
    }
  });
});
