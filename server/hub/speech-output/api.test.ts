import { FakeClock } from '../../http/clock.js';
import { describeWithProgram } from '../../../scripts/system-programs.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const base = '/api/manager/speech-output';
const start = Date.parse('2026-11-23T16:40:00.000Z');

describe('speech output manager', () => {
  let hub: TestHub;
  let owner: ReturnType<typeof bearer>;
  beforeAll(async () => {
    hub = await startTestHub({ clock: new FakeClock(start) });
    owner = bearer(hub.token);
  });
  afterAll(() => hub.stop());
  const get = async (path: string) => (await hub.http().get(`${base}/${path}`).set(owner).expect(200)).body;

  it('when the demo home is read, then its installed voices are listed by id and each can be read', async () => {
    const voices = await get('voice/');
    expect(Object.keys(voices).sort()).toEqual(['en-gb', 'nl']);
    expect(await get('voice/nl')).toEqual({ id: 'nl', name: 'Dutch', language: 'nl', locale: 'nl', gender: 'male' });
    expect(voices['en-gb']).toEqual({ id: 'en-gb', name: 'English (Great Britain)', language: 'en', locale: 'en-GB', gender: 'male' });
  });

  it('when a voice of the catalogue is installed, then it is listed; installing it again is a 409; uninstalling removes it', async () => {
    const { body: voice } = await hub.http().post(`${base}/voice`).set(owner).send({ id: 'en-us' }).expect(200);
    expect(voice).toEqual({ id: 'en-us', name: 'English (America)', language: 'en', locale: 'en-US', gender: 'male' });
    expect(await get('voice/en-us')).toEqual(voice);
    const res = await hub.http().post(`${base}/voice`).set(owner).send({ id: 'en-us' }).expect(409);
    expect(res.body).toMatchObject({ error: 'conflict', statusCode: 409 });
    await hub.http().delete(`${base}/voice/en-us`).set(owner).expect(204);
    expect(Object.keys(await get('voice/'))).not.toContain('en-us');
  });

  it('when a voice is in no catalogue or not installed, then 404', async () => {
    for (const id of ['xx-yy', '__proto__', 'constructor']) await hub.http().post(`${base}/voice`).set(owner).send({ id }).expect(404);
    for (const id of ['de', '__proto__', 'toString']) {
      await hub.http().get(`${base}/voice/${id}`).set(owner).expect(404);
      await hub.http().delete(`${base}/voice/${id}`).set(owner).expect(404);
      await hub.http().post(`${base}/voice/${id}/sample`).set(owner).expect(404);
    }
  });

  it('when the speed and voice are set, then the options answer them; unset, the voice is the one of the hub language', async () => {
    expect(await get('option/speed')).toEqual({ value: 'normal' });
    expect(await get('option/voice')).toEqual({ value: 'en-gb' });
    await hub.http().put(`${base}/option/speed`).set(owner).send({ value: 'slow' }).expect(204);
    await hub.http().put(`${base}/option/voice`).set(owner).send({ value: 'nl' }).expect(204);
    expect(await get('option/speed')).toEqual({ value: 'slow' });
    expect(await get('option/voice')).toEqual({ value: 'nl' });
    await hub.http().delete(`${base}/option/speed`).set(owner).expect(204);
    await hub.http().delete(`${base}/option/voice`).set(owner).expect(204);
    await hub.http().put('/api/manager/i18n/option/language').set(owner).send({ value: 'no' }).expect(204);
    expect(await get('option/voice')).toEqual({ value: 'nb' });
    await hub.http().delete('/api/manager/i18n/option/language').set(owner).expect(204);
  });

  it('when the chosen voice is uninstalled, then the voice option returns to the default', async () => {
    await hub.http().post(`${base}/voice`).set(owner).send({ id: 'de' }).expect(200);
    await hub.http().put(`${base}/option/voice`).set(owner).send({ value: 'de' }).expect(204);
    await hub.http().delete(`${base}/voice/de`).set(owner).expect(204);
    expect(await get('option/voice')).toEqual({ value: 'en-gb' });
  });

  it('when an option value is not allowed or missing, or the voice is not installed, then 400', async () => {
    for (const value of ['warp', 'FAST', 1, null]) await hub.http().put(`${base}/option/speed`).set(owner).send({ value }).expect(400);
    await hub.http().put(`${base}/option/speed`).set(owner).send({}).expect(400);
    for (const value of ['de', '__proto__', '', 7]) await hub.http().put(`${base}/option/voice`).set(owner).send({ value }).expect(400);
    await hub.http().post(`${base}/voice`).set(owner).send({}).expect(400);
    await hub.http().post(`${base}/voice`).set(owner).send({ id: '' }).expect(400);
    expect(await get('option/voice')).toEqual({ value: 'en-gb' });
  });

  it('when a text is said, then the speech tells the voice, speed, volume, session and an estimated duration', async () => {
    await hub.http().put(`${base}/option/speed`).set(owner).send({ value: 'fast' }).expect(204);
    await hub.http().put('/api/manager/audio/option/volume').set(owner).send({ value: 0.3 }).expect(204);
    const { body } = await hub.http().post(`${base}/say`).set(owner).send({ text: '  The front door is open.  ', session: 'flow-7f3a' }).expect(200);
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), text: 'The front door is open.', voice: 'en-gb', speed: 'fast', volume: 0.3,
      session: 'flow-7f3a', spokenAt: '2026-11-23T16:40:00.000Z', duration: Math.round((5 / 230) * 60_000), audio: null,
    });
    await hub.http().delete(`${base}/option/speed`).set(owner).expect(204);
    await hub.http().delete('/api/manager/audio/option/volume').set(owner).expect(204);
  });

  it('when a sample is played, then it is said in the voice and its language', async () => {
    const { body } = await hub.http().post(`${base}/voice/nl/sample`).set(owner).expect(200);
    expect(body).toMatchObject({ text: 'Hallo, ik ben je thuishub.', voice: 'nl', session: null, audio: null });
  });

  it('when the text is blank, too long or missing, or a bound is broken, then 400', async () => {
    const bad = [{ text: '' }, { text: '   ' }, { text: 'x'.repeat(1001) }, {}, { text: 3 }, { text: 'Hi', timeout: 10 }, { text: 'Hi', timeout: 120_001 },
      { text: 'Hi', synthesize: 'yes' }, { text: 'Hi', session: '' }, { text: 'Hi', voice: 'nl' }];
    for (const body of bad) {
      const res = await hub.http().post(`${base}/say`).set(owner).send(body).expect(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    }
  });

  it('when the token lacks the scope, then 403: homey.speech to say, homey.system for voices, .readonly to read options', async () => {
    const speaker = bearer(hub.tokenWith(['homey.speech']));
    await hub.http().post(`${base}/say`).set(speaker).send({ text: 'Hi' }).expect(200);
    await hub.http().get(`${base}/voice/`).set(speaker).expect(403);
    await hub.http().get(`${base}/voice/nl`).set(speaker).expect(403);
    await hub.http().post(`${base}/voice`).set(speaker).send({ id: 'de' }).expect(403);
    await hub.http().delete(`${base}/voice/nl`).set(speaker).expect(403);
    await hub.http().post(`${base}/voice/nl/sample`).set(speaker).expect(403);
    await hub.http().get(`${base}/option/speed`).set(speaker).expect(403);
    const reader = bearer(hub.tokenWith(['homey.system.readonly']));
    await hub.http().get(`${base}/option/voice`).set(reader).expect(200);
    await hub.http().post(`${base}/say`).set(reader).send({ text: 'Hi' }).expect(403);
    for (const option of ['speed', 'voice']) {
      await hub.http().put(`${base}/option/${option}`).set(reader).send({ value: 'slow' }).expect(403);
      await hub.http().delete(`${base}/option/${option}`).set(reader).expect(403);
    }
  });
});

describeWithProgram('espeak-ng')('speech output manager with espeak-ng', () => {
  it("when a voice beyond the built-in list is installed, then espeak-ng's own name and locale describe it", async () => {
    const hub = await startTestHub();
    const owner = bearer(hub.token);
    try {
      const { body: scottish } = await hub.http().post(`${base}/voice`).set(owner).send({ id: 'en-gb-scotland' }).expect(200);
      expect(scottish).toMatchObject({ name: 'English (Scotland)', language: 'en', locale: 'en-GB' });
      await hub.http().delete(`${base}/voice/en-gb-scotland`).set(owner).expect(204);
    } finally {
      await hub.stop();
    }
  });
});
