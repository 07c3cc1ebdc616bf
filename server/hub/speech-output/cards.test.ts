import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const run = (manager: string, card: string) => `/api/manager/flow/flowcardaction/homey:manager:${manager}/homey:manager:${manager}:${card}/run`;

describe('the speech, audio and LED ring flow cards', () => {
  let hub: TestHub;
  let owner: ReturnType<typeof bearer>;
  beforeAll(async () => {
    hub = await startTestHub();
    owner = bearer(hub.token);
  });
  afterAll(() => hub.stop());

  it('when "Say something" runs, then the hub says the text (the say event) with its voice', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id);
    try {
      await client.request('subscribe', 'homey:manager:speech-output');
      const said = client.next('homey:manager:speech-output', (event) => event === 'say');
      await hub.http().post(run('speech-output', 'say')).set(owner).send({ args: { text: 'The washing is done' } }).expect(200);
      expect((await said).data).toMatchObject({ text: 'The washing is done', voice: 'en-gb', session: null });
    } finally {
      client.close();
    }
    await hub.http().post(run('speech-output', 'say')).set(owner).send({ args: {} }).expect(400);
    await hub.http().post(run('speech-output', 'say')).set(owner).send({ args: { text: '   ' } }).expect(400);
  });

  it('when "Set the volume" runs, then the volume option is set; out of 0..1 is a 400', async () => {
    await hub.http().post(run('audio', 'set_volume')).set(owner).send({ args: { volume: 0.35 } }).expect(200);
    expect((await hub.http().get('/api/manager/audio/option/volume').set(owner).expect(200)).body).toEqual({ value: 0.35 });
    await hub.http().post(run('audio', 'set_volume')).set(owner).send({ args: { volume: 2 } }).expect(400);
  });

  it('when "Play an animation" runs, then the ring plays it; an animation not in the catalogue is a 400', async () => {
    await hub.http().post(run('ledring', 'play_animation')).set(owner).send({ args: { animation: 'doorbell' } }).expect(200);
    expect((await hub.http().get('/api/manager/ledring/state').set(owner).expect(200)).body.animation).toMatchObject({ id: 'doorbell' });
    await hub.http().post(run('ledring', 'play_animation')).set(owner).send({ args: { animation: 'disco' } }).expect(400);
  });
});
