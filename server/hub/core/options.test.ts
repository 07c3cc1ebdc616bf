import { bearer, startTestHub } from '../testing/test-hub.js';

const options: Array<[path: string, value: unknown]> = [
  ['i18n/option/language', 'de'],
  ['i18n/option/units', 'imperial'],
  ['audio/option/volume', 0.7],
  ['ledring/option/screensaver', 'moon'],
  ['ledring/option/brightness', 0.3],
  ['geolocation/option/mode', 'auto'],
  ['geolocation/option/location', { latitude: 48.8566, longitude: 2.3522 }],
  ['geolocation/option/address', 'Place de la Concorde, Paris'],
  ['speech-output/option/speed', 'fast'],
  ['speech-output/option/voice', 'nl'],
];

describe('manager options', () => {
  it('when the hub restarts, then every option set before is in force again, and the installed voices are still there', async () => {
    const first = await startTestHub();
    const auth = bearer(first.token);
    for (const [path, value] of options) await first.http().put(`/api/manager/${path}`).set(auth).send({ value }).expect(204);
    await first.http().post('/api/manager/speech-output/voice').set(auth).send({ id: 'en-us' }).expect(200);
    await first.stop({ keepData: true });

    const second = await startTestHub({ dataDir: first.dataDir });
    try {
      for (const [path, value] of options) {
        // Setting the address made the mode manual again.
        const expected = path === 'geolocation/option/mode' ? 'manual' : value;
        expect((await second.http().get(`/api/manager/${path}`).set(auth).expect(200)).body).toEqual({ value: expected });
      }
      const voices = (await second.http().get('/api/manager/speech-output/voice/').set(auth).expect(200)).body;
      expect(Object.keys(voices).sort()).toEqual(['en-gb', 'en-us', 'nl']);
    } finally {
      await second.stop();
    }
  });
});
