import { join } from 'node:path';
import HomeyLib from 'homey-lib';
import { checkManifest, readManifest } from './manifest.js';
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

describe('the SDK v3 fixture apps (testing/sdk-apps)', () => {
  // Athom's own validator, as `homey app validate --level debug` runs it: the fixtures are apps Athom's tools accept.
  it.each(['com.example.sdkdemo', 'com.example.sdkcompanion', 'com.example.sdkesm', 'com.example.sdkwebhook'])('when %s is checked by homey-lib at debug level and by the hub, then both accept it', async (id) => {
    const dir = join(__dirname, 'testing', 'sdk-apps', id);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await expect(new HomeyLib.App(dir).validate({ level: 'debug' })).resolves.toBeUndefined();
    } finally {
      warn.mockRestore();
    }
    expect(readManifest(dir).id).toBe(id);
  });
});
