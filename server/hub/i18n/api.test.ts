import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { hubLanguage, hubUnits } from './i18n.js';

const base = '/api/manager/i18n';

describe('i18n manager', () => {
  let hub: TestHub;
  let owner: ReturnType<typeof bearer>;
  beforeAll(async () => {
    hub = await startTestHub();
    owner = bearer(hub.token);
  });
  afterAll(() => hub.stop());

  it('when nothing is set, then the language is English and the units metric, and the state lists what can be chosen', async () => {
    expect((await hub.http().get(`${base}/option/language`).set(owner).expect(200)).body).toEqual({ value: 'en' });
    expect((await hub.http().get(`${base}/option/units`).set(owner).expect(200)).body).toEqual({ value: 'metric' });
    const { body: state } = await hub.http().get(`${base}/state`).set(owner).expect(200);
    expect(state).toMatchObject({ language: 'en', units: 'metric' });
    expect(Object.keys(state.languages)).toEqual(['en', 'nl', 'de', 'fr', 'it', 'es', 'sv', 'no', 'da', 'ru', 'pl', 'ko']);
    expect(state.languages.nl).toEqual({ id: 'nl', name: 'Nederlands' });
    expect(state.unitSystems.imperial).toEqual({ id: 'imperial', name: 'Imperial', temperature: '°F' });
  });

  it('when the language and units are set, then the options, the state, system info and the getters for other managers answer them; unset restores the defaults', async () => {
    await hub.http().put(`${base}/option/language`).set(owner).send({ value: 'nl' }).expect(204);
    await hub.http().put(`${base}/option/units`).set(owner).send({ value: 'imperial' }).expect(204);
    expect((await hub.http().get(`${base}/option/language`).set(owner).expect(200)).body).toEqual({ value: 'nl' });
    expect((await hub.http().get(`${base}/option/units`).set(owner).expect(200)).body).toEqual({ value: 'imperial' });
    expect((await hub.http().get(`${base}/state`).set(owner).expect(200)).body).toMatchObject({ language: 'nl', units: 'imperial' });
    expect([hubLanguage(hub.hub), hubUnits(hub.hub)]).toEqual(['nl', 'imperial']);
    expect((await hub.http().get('/api/manager/system/').set(owner).expect(200)).body.language).toBe('nl');
    await hub.http().delete(`${base}/option/language`).set(owner).expect(204);
    await hub.http().delete(`${base}/option/units`).set(owner).expect(204);
    expect([hubLanguage(hub.hub), hubUnits(hub.hub)]).toEqual(['en', 'metric']);
  });

  it('when a language or unit system is not supported, or the value is missing, then 400 and nothing changes', async () => {
    for (const value of ['xx', 'EN', 'en-GB', '', 3, null]) {
      const res = await hub.http().put(`${base}/option/language`).set(owner).send({ value }).expect(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    }
    await hub.http().put(`${base}/option/units`).set(owner).send({ value: 'furlongs' }).expect(400);
    await hub.http().put(`${base}/option/units`).set(owner).send({}).expect(400);
    await hub.http().put(`${base}/option/language`).set(owner).send({ value: 'de', extra: 1 }).expect(400);
    expect(hubLanguage(hub.hub)).toBe('en');
  });

  it('when the token lacks homey.system (or homey.system.readonly for reads), then 403', async () => {
    const reader = bearer(hub.tokenWith(['homey.system.readonly']));
    await hub.http().get(`${base}/option/language`).set(reader).expect(200);
    await hub.http().put(`${base}/option/language`).set(reader).send({ value: 'de' }).expect(403);
    await hub.http().delete(`${base}/option/language`).set(reader).expect(403);
    await hub.http().put(`${base}/option/units`).set(reader).send({ value: 'imperial' }).expect(403);
    await hub.http().delete(`${base}/option/units`).set(reader).expect(403);
    const stranger = bearer(hub.tokenWith(['homey.device.readonly']));
    for (const path of ['state', 'option/language', 'option/units']) await hub.http().get(`${base}/${path}`).set(stranger).expect(403);
  });

  it.each(['v2', 'v4'] as const)('when an option changes, then %s subscribers of homey:manager:i18n get option.update with the value in force', async (version) => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      expect((await client.request('subscribe', 'homey:manager:i18n'))[0]).toBeNull();
      let next = client.next('homey:manager:i18n', (event) => event === 'option.update');
      await hub.http().put(`${base}/option/language`).set(owner).send({ value: 'fr' }).expect(204);
      expect(await next).toEqual({ event: 'option.update', data: { id: 'language', value: 'fr' } });
      next = client.next('homey:manager:i18n', (event) => event === 'option.update');
      await hub.http().delete(`${base}/option/language`).set(owner).expect(204);
      expect((await next).data).toEqual({ id: 'language', value: 'en' });
      next = client.next('homey:manager:i18n', (event) => event === 'option.update');
      const [error] = await client.request('api', { uri: 'homey:manager:i18n', operation: 'setOptionUnits', args: { value: 'imperial' } });
      expect(error).toBeNull();
      expect((await next).data).toEqual({ id: 'units', value: 'imperial' });
      await hub.http().delete(`${base}/option/units`).set(owner).expect(204);
    } finally {
      client.close();
    }
  });
});
