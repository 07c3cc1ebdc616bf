import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const base = '/api/manager/speech-output';
const uri = 'homey:manager:speech-output';

describe('speech output realtime events', () => {
  let hub: TestHub;
  let owner: ReturnType<typeof bearer>;
  beforeAll(async () => {
    hub = await startTestHub();
    owner = bearer(hub.token);
  });
  afterAll(() => hub.stop());

  it.each(['v2', 'v4'] as const)('when voices are installed and uninstalled, options change and texts are said, then %s subscribers hear each', async (version) => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const events: Array<{ event: string; data: unknown }> = [];
    try {
      expect((await client.request('subscribe', uri))[0]).toBeNull();
      const done = client.next(uri, (event, data) => events.push({ event, data }) > 0 && event === 'option.update' && data.value === 'en-gb');
      const { body: voice } = await hub.http().post(`${base}/voice`).set(owner).send({ id: 'de' }).expect(200);
      await hub.http().put(`${base}/option/voice`).set(owner).send({ value: 'de' }).expect(204);
      await hub.http().put(`${base}/option/speed`).set(owner).send({ value: 'slow' }).expect(204);
      const [error, said] = await client.request('api', { uri, operation: 'say', args: { text: 'Guten Morgen', session: 'kitchen' } });
      expect(error).toBeNull();
      await hub.http().delete(`${base}/option/speed`).set(owner).expect(204);
      await hub.http().delete(`${base}/voice/de`).set(owner).expect(204);
      await done;
      expect(events).toEqual([
        { event: 'voice.create', data: voice },
        { event: 'option.update', data: { id: 'voice', value: 'de' } },
        { event: 'option.update', data: { id: 'speed', value: 'slow' } },
        { event: 'say', data: said },
        { event: 'option.update', data: { id: 'speed', value: 'normal' } },
        { event: 'voice.delete', data: { id: 'de' } },
        { event: 'option.update', data: { id: 'voice', value: 'en-gb' } },
      ]);
      expect(said).toMatchObject({ text: 'Guten Morgen', voice: 'de', speed: 'slow', session: 'kitchen' });
    } finally {
      client.close();
    }
  });

  it('when a voice is uninstalled, then subscribers of its own uri get delete', async () => {
    await hub.http().post(`${base}/voice`).set(owner).send({ id: 'sv' }).expect(200);
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, 'v2');
    try {
      expect((await client.request('subscribe', 'homey:voice:sv'))[0]).toBeNull();
      const deleted = client.next('homey:voice:sv');
      await hub.http().delete(`${base}/voice/sv`).set(owner).expect(204);
      expect(await deleted).toEqual({ event: 'delete', data: { id: 'sv' } });
    } finally {
      client.close();
    }
  });

  it('when a voice sample plays, then subscribers of the manager get say with the sample; a session without homey.system cannot subscribe', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id);
    try {
      await client.request('subscribe', uri);
      const said = client.next(uri, (event) => event === 'say');
      const { body } = await hub.http().post(`${base}/voice/en-gb/sample`).set(owner).expect(200);
      expect((await said).data).toEqual(body);
    } finally {
      client.close();
    }
    const speaker = hub.tokenWith(['homey.speech']);
    const limited = await connectRealtime(hub.url, speaker, hub.hub.id);
    try {
      const [error] = await limited.request('subscribe', uri);
      expect(error).toMatchObject({ statusCode: 403 });
    } finally {
      limited.close();
    }
  });
});
