import { join } from 'node:path';
import { readdirSync } from 'node:fs';
import { checkManifest, validateApp } from '../../common/app-package/manifest.js';
import { CATALOGUE_DIR } from '../../common/app-package/store-catalogue.js';
import { matchRoute } from './routes.js';

const base = { id: 'com.example.lamps', version: '1.0.0', sdk: 3, name: { en: 'Lamps' }, author: { name: 'Ada' } };

describe('app.json as SDK v3 apps write it (homey-lib allows it)', () => {
  it('when the author gives no e-mail, then the app is accepted with none', () => {
    expect(checkManifest(base).author).toEqual({ name: 'Ada', email: null });
  });

  it('when route methods are lower case and two routes answer GET /, then they are accepted and the first declared answers', () => {
    const { api } = checkManifest({ ...base, api: { first: { method: 'get', path: '/' }, second: { method: 'GET', path: '/' }, put: { method: 'put', path: '/:id' } } });
    expect(api.map(({ name, method }) => [name, method])).toEqual([['first', 'GET'], ['second', 'GET'], ['put', 'PUT']]);
    expect(matchRoute(api, 'GET', '')?.route.name).toBe('first');
    expect(matchRoute(api, 'PUT', 'lamp-1')).toMatchObject({ route: { name: 'put' }, params: { id: 'lamp-1' } });
  });

  it('when flow cards have texts per language, tokens by name and a device arg, then the hub reads them in English with the device filter', () => {
    const { flow } = checkManifest({
      ...base,
      flow: {
        triggers: [{
          id: 'turned_on',
          title: { en: 'Turned on', nl: 'Aangezet' },
          tokens: [{ name: 'power', type: 'number', title: { en: 'Power' } }],
          args: [{ type: 'device', name: 'device', filter: 'driver_id=lamp' }, { type: 'dropdown', name: 'how', values: [{ id: 'fast', label: { en: 'Fast' } }] }],
        }],
      },
    });
    expect(flow.triggers[0]).toEqual({
      id: 'turned_on',
      title: 'Turned on',
      tokens: [{ id: 'power', title: 'Power', type: 'number' }],
      args: [{ name: 'device', type: 'autocomplete', title: 'Device' }, { name: 'how', type: 'dropdown', title: 'how', values: [{ id: 'fast', title: 'Fast' }] }],
      deviceArg: { name: 'device', driverId: 'lamp' },
    });
  });

  it('when a route method is not one of GET, POST, PUT and DELETE in any case, then 400', () => {
    expect(() => checkManifest({ ...base, api: { a: { method: 'patch', path: '/' } } })).toThrow(/method must be GET, POST, PUT or DELETE/);
  });
});

describe('apps homey-lib validates (validateApp)', () => {
  const quietly = async <T>(work: () => Promise<T>): Promise<T> => {
    // homey-lib warns on the console of what it only advises (a missing titleFormatted).
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      return await work();
    } finally {
      warn.mockRestore();
    }
  };

  // Athom's own validator, as `homey app run` runs it: the fixtures are apps Athom's tools accept, and so is the hub.
  it.each(['com.example.sdkdemo', 'com.example.sdkcompanion', 'com.example.sdkesm', 'com.example.sdkwebhook', 'com.example.sdkhardware', 'com.example.sdkradios'])('when the fixture %s is validated at debug level, then the hub reads it', async (id) => {
    const manifest = await quietly(() => validateApp(join(__dirname, 'testing', 'sdk-apps', id), 'debug'));
    expect(manifest.id).toBe(id);
  });

  // The apps the hub ships (the demo home's and the store's first) are what a developer reads first: publishable.
  const releases = readdirSync(CATALOGUE_DIR).flatMap((id) => readdirSync(join(CATALOGUE_DIR, id)).filter((version) => version !== 'releases.json').map((version) => [id, version]));
  it.each(releases)('when the demo app %s %s is validated at publish level, then homey-lib and the hub accept it, its texts in its locales', async (id, version) => {
    const manifest = await quietly(() => validateApp(join(CATALOGUE_DIR, id!, version!), 'publish'));
    expect(manifest).toMatchObject({ id, version, sdk: 3 });
    expect(Object.keys(manifest.locales)).toContain('en');
  });

  it('when a folder holds no app.json, then 400 before homey-lib is asked', async () => {
    await expect(validateApp(join(__dirname, 'testing'), 'debug')).rejects.toMatchObject({ statusCode: 400, message: 'An app package holds app.json' });
  });
});
