import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { describeWithProgram } from '../../../scripts/system-programs.js';
import { SPEECH_FOLDER, wavDuration } from './speech.js';

const say = '/api/manager/speech-output/say';

/** A stand-in espeak-ng: a shell script that lists no voices and, to speak, runs `body`. */
function fakeProgram(folder: string, body: string): string {
  const file = path.join(folder, 'espeak-ng');
  writeFileSync(file, `#!/bin/sh\n[ "$1" = --voices ] && exit 1\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

describeWithProgram('espeak-ng')('speech synthesis with espeak-ng', () => {
  let hub: TestHub;
  let owner: ReturnType<typeof bearer>;
  beforeAll(async () => {
    hub = await startTestHub();
    owner = bearer(hub.token);
  });
  afterAll(() => hub.stop());

  it('when a text is said with synthesize, then espeak-ng writes a WAV into the data folder and the speech says where and how long', async () => {
    await hub.http().put('/api/manager/speech-output/option/voice').set(owner).send({ value: 'nl' }).expect(204);
    const { body } = await hub.http().post(say).set(owner).send({ text: '-v en --version; rm -rf / De voordeur staat open.', synthesize: true }).expect(200);
    expect(body.audio).toEqual({ file: `${SPEECH_FOLDER}/${body.id}.wav`, size: expect.any(Number), mimeType: 'audio/wav' });
    const wav = readFileSync(path.join(hub.dataDir, body.audio.file));
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.subarray(8, 12).toString()).toBe('WAVE');
    expect(wav.length).toBe(body.audio.size);
    expect(body.voice).toBe('nl');
    expect(body.duration).toBe(wavDuration(wav));
    expect(body.duration).toBeGreaterThan(1000);
    const { body: fetched } = await hub.http().get(`/api/manager/speech-output/audio/${body.id}`).set(owner).expect(200);
    expect(fetched).toEqual({ id: body.id, mimeType: 'audio/wav', size: wav.length, data: wav.toString('base64') });
    await hub.http().delete('/api/manager/speech-output/option/voice').set(owner).expect(204);
  });

  it('when the audio of a speech is fetched that does not exist, or by a path or other text, then 404; without homey.speech 403', async () => {
    const audio = '/api/manager/speech-output/audio';
    await hub.http().get(`${audio}/5f0c2d7e-8a4b-4c1e-b3d9-6e2a1f7c9b40`).set(owner).expect(404);
    for (const id of ['..%2Fhub.sqlite', '..%2F..%2Fetc%2Fpasswd', 'abc', '__proto__']) await hub.http().get(`${audio}/${id}`).set(owner).expect(404);
    const { body } = await hub.http().post(say).set(owner).send({ text: 'Hello', synthesize: true }).expect(200);
    await hub.http().get(`${audio}/${body.id}`).set(bearer(hub.tokenWith(['homey.speech']))).expect(200);
    await hub.http().get(`${audio}/${body.id}`).set(bearer(hub.tokenWith(['homey.speech.readonly']))).expect(403);
    await hub.http().get(`${audio}/${body.id}`).set(bearer(hub.tokenWith(['homey.system']))).expect(403);
  });

  it('when the slow speed is chosen, then the same text takes longer than at the fast speed', async () => {
    const durations: number[] = [];
    for (const value of ['slow', 'fast']) {
      await hub.http().put('/api/manager/speech-output/option/speed').set(owner).send({ value }).expect(204);
      durations.push((await hub.http().post(say).set(owner).send({ text: 'The washing machine is done.', synthesize: true }).expect(200)).body.duration);
    }
    expect(durations[0]).toBeGreaterThan(durations[1]! * 1.3);
    await hub.http().delete('/api/manager/speech-output/option/speed').set(owner).expect(204);
  });

  it('when more than twenty texts are synthesized, then only the twenty most recent files are kept', async () => {
    for (let i = 0; i < 22; i++) await hub.http().post(say).set(owner).send({ text: `Number ${i}`, synthesize: true }).expect(200);
    expect(readdirSync(path.join(hub.dataDir, SPEECH_FOLDER)).filter((name) => name.endsWith('.wav'))).toHaveLength(20);
  });
});

describe('speech synthesis when espeak-ng is missing, hangs or fails', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'espeak-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('when it is not installed, then synthesize answers 503, saying still works and the built-in voices stand in', async () => {
    const bare = await startTestHub({ espeakNg: path.join(folder, 'missing', 'espeak-ng') });
    const auth = bearer(bare.token);
    try {
      const res = await bare.http().post(say).set(auth).send({ text: 'Hello', synthesize: true }).expect(503);
      expect(res.body).toMatchObject({ error: 'service_unavailable', statusCode: 503 });
      expect(res.body.error_description).toMatch(/is not installed on this hub$/);
      expect(existsSync(path.join(bare.dataDir, SPEECH_FOLDER))).toBe(true);
      expect(readdirSync(path.join(bare.dataDir, SPEECH_FOLDER))).toEqual([]);
      await bare.http().post(say).set(auth).send({ text: 'Hello' }).expect(200);
      await bare.http().post('/api/manager/speech-output/voice').set(auth).send({ id: 'en-us' }).expect(200);
      await bare.http().post('/api/manager/speech-output/voice').set(auth).send({ id: 'en-gb-scotland' }).expect(404);
    } finally {
      await bare.stop();
    }
  });

  it('when it takes longer than the timeout, then 503', async () => {
    const slow = await startTestHub({ espeakNg: fakeProgram(folder, 'sleep 5') });
    try {
      const res = await slow.http().post(say).set(bearer(slow.token)).send({ text: 'Hello', synthesize: true, timeout: 1000 }).expect(503);
      expect(res.body.error_description).toMatch(/took longer than 1000 ms$/);
    } finally {
      await slow.stop();
    }
  });

  it('when it fails, then 503 with what it said', async () => {
    const broken = await startTestHub({ espeakNg: fakeProgram(folder, 'echo "no such voice" >&2; exit 1') });
    try {
      const res = await broken.http().post(say).set(bearer(broken.token)).send({ text: 'Hello', synthesize: true }).expect(503);
      expect(res.body.error_description).toMatch(/failed: no such voice$/);
    } finally {
      await broken.stop();
    }
  });
});
