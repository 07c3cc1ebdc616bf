import request from 'supertest';
import { DEMO_APPS } from '../../hub/apps/demo.js';
import { CATALOGUE } from './catalogue.js';
import { PARTNER_AUTHOR_IDS } from '../../common/partners.js';
import { countStats } from './stats.js';
import { startApps, type AppsFixture } from './testing/apps-fixture.js';

describe('cloud apps service: getApp (the support form reads it)', () => {
  let store: AppsFixture;

  beforeAll(async () => {
    store = await startApps();
  });
  afterAll(() => store.stop());

  it('when asking for an app without a token, then its author and builds answer (app details are public)', async () => {
    const res = await store.api().get('/app/com.example.suntimes').expect(200);
    expect(res.body.author).toEqual({ userId: '5c1d2e3f4a5b6c7d8e9f0a1b', name: 'Example Labs', verified: true });
    expect(res.body.liveBuild).toMatchObject({ version: '1.2.0', name: { en: 'Sun times' }, brandColor: '#f39c12', support: 'https://examplelabs.example/support' });
    expect(res.body.liveBuild.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(res.body.testBuild).toMatchObject({ version: '1.3.0' });
  });

  it('when the demo hub installs its apps, then the store knows each of them, one by a partner author', async () => {
    const authors = [];
    for (const id of DEMO_APPS) authors.push((await store.api().get(`/app/${id}`).expect(200)).body.author);
    expect(authors.some((author) => (PARTNER_AUTHOR_IDS as readonly string[]).includes(author.userId))).toBe(true);
    expect(new Set(authors.map((author) => author.verified))).toEqual(new Set([true, false]));
  });

  it('when reading the catalogue, then every support channel kind is present: website, e-mail, issue tracker, community topic, none', async () => {
    const builds = [];
    for (const { id } of CATALOGUE) {
      const { body } = await store.api().get(`/app/${id}`).expect(200);
      builds.push(body.liveBuild ?? body.testBuild);
    }
    expect(builds.some((b) => b.support?.startsWith('https:'))).toBe(true);
    expect(builds.some((b) => b.support?.startsWith('mailto:'))).toBe(true);
    expect(builds.some((b) => b.bugs?.url)).toBe(true);
    expect(builds.some((b) => Number.isInteger(b.homeyCommunityTopicId))).toBe(true);
    expect(builds.some((b) => !b.support && !b.bugs && b.homeyCommunityTopicId === null)).toBe(true);
  });

  it('when the app is unknown or its id is malformed, then 404 and 400; outside /api/v1, a JSON 404', async () => {
    expect((await store.api().get('/app/com.example.nope').expect(404)).body).toMatchObject({ error: 'not_found', statusCode: 404 });
    expect((await store.api().get('/app/Not_An_Id').expect(400)).body.error).toBe('invalid_request');
    expect((await store.api().get('/app/constructor').expect(400)).body.error).toBe('invalid_request');
    expect((await request(store.url).get('/app/com.example.suntimes').expect(404)).body).toMatchObject({ error: 'not_found', statusCode: 404 });
  });

  it('when the page is read, then its views are counted without a write per read, exactly, and a clean restart keeps them', async () => {
    const id = 'com.example.suntimes';
    const stored = async () => {
      const row = await store.apps.db.selectFrom('app_events').select(({ fn }) => fn.sum<number>('count').as('n')).where('app_id', '=', id).where('kind', '=', 'pageview').executeTakeFirst();
      return Number(row?.n ?? 0);
    };
    const before = (await countStats(store.apps.state, id, 'pageview')).total;
    expect(await stored()).toBe(before);
    for (let i = 0; i < 5; i++) await store.api().get(`/app/${id}`).expect(200);
    expect(await stored()).toBe(before);
    expect((await countStats(store.apps.state, id, 'pageview')).total).toBe(before + 5);
    for (let i = 0; i < 3; i++) await store.api().get(`/app/${id}`).expect(200);
    await store.restart();
    expect(await stored()).toBe(before + 8);
    expect((await countStats(store.apps.state, id, 'pageview')).total).toBe(before + 8);
  });

  it('when the service restarts on its data, then the catalogue is published again without duplicates', async () => {
    await store.restart();
    const count = await store.apps.db.selectFrom('apps').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(CATALOGUE.length);
    const builds = await store.apps.db.selectFrom('app_builds').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(builds.n)).toBe(CATALOGUE.flatMap((app) => app.builds).length);
  });

  it('when the store index loads every app at once, then each entry is what reading that app alone gives', async () => {
    const { index } = store.apps.state;
    const entries = () => [...index.all()].sort((a, b) => (a.id < b.id ? -1 : 1)).map((entry) => JSON.parse(JSON.stringify(entry)) as { id: string });
    await index.load();
    const loaded = entries();
    expect(loaded.length).toBeGreaterThan(1);
    for (const { id } of loaded) await index.refresh(id);
    expect(entries()).toEqual(loaded);
  });
});
