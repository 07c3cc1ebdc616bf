import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DEMO_APPS } from '../../hub/apps/demo.js';
import { freshDatabase } from '../account/testing/postgres.js';
import { CATALOGUE } from './catalogue.js';
import { PARTNER_AUTHOR_IDS } from './partners.js';
import { createAppsService, type AppsService } from './service.js';

describe('cloud apps service: getApp', () => {
  let apps: AppsService;
  let url: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'apps-test-'));
  // In CI (DATABASE_URL), the apps service keeps its apps in PostgreSQL, as npm start does given CLOUD_DATABASE_URL.
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;

  beforeAll(async () => {
    database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
    apps = await createAppsService({ dataDir, databaseUrl: database?.url, validateResponses: true, development: true });
    url = await apps.listen(0);
  });
  afterAll(async () => {
    await apps.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when asking for an app without a token, then its author and builds answer (app details are public)', async () => {
    const res = await request(url).get('/app/com.example.suntimes').expect(200);
    expect(res.body.author).toEqual({ userId: '5c1d2e3f4a5b6c7d8e9f0a1b', name: 'Example Labs', verified: true });
    expect(res.body.liveBuild).toMatchObject({ version: '1.2.0', name: { en: 'Sun times' }, brandColor: '#f39c12', support: 'https://examplelabs.example/support' });
    expect(res.body.liveBuild.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(res.body.testBuild).toMatchObject({ version: '1.3.0' });
  });

  it('when the demo hub installs its apps, then the store knows each of them, one by a partner author', async () => {
    const authors = [];
    for (const id of DEMO_APPS) authors.push((await request(url).get(`/app/${id}`).expect(200)).body.author);
    expect(authors.some((author) => (PARTNER_AUTHOR_IDS as readonly string[]).includes(author.userId))).toBe(true);
    expect(new Set(authors.map((author) => author.verified))).toEqual(new Set([true, false]));
  });

  it('when reading the catalogue, then every support channel kind is present: website, e-mail, issue tracker, community topic, none', async () => {
    const builds = [];
    for (const { id } of CATALOGUE) {
      const { body } = await request(url).get(`/app/${id}`).expect(200);
      builds.push(body.liveBuild ?? body.testBuild);
    }
    expect(builds.some((b) => b.support?.startsWith('https:'))).toBe(true);
    expect(builds.some((b) => b.support?.startsWith('mailto:'))).toBe(true);
    expect(builds.some((b) => b.bugs?.url)).toBe(true);
    expect(builds.some((b) => Number.isInteger(b.homeyCommunityTopicId))).toBe(true);
    expect(builds.some((b) => !b.support && !b.bugs && b.homeyCommunityTopicId === null)).toBe(true);
  });

  it('when the app is unknown or its id is malformed, then 404 and 400', async () => {
    expect((await request(url).get('/app/com.example.nope').expect(404)).body).toMatchObject({ error: 'not_found', statusCode: 404 });
    expect((await request(url).get('/app/Not_An_Id').expect(400)).body.error).toBe('invalid_request');
    expect((await request(url).get('/app/constructor').expect(400)).body.error).toBe('invalid_request');
  });

  it('when the service restarts on its data, then the catalogue is published again without duplicates', async () => {
    await apps.close();
    apps = await createAppsService({ dataDir, databaseUrl: database?.url, validateResponses: true });
    url = await apps.listen(0);
    const count = await apps.db.selectFrom('apps').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(CATALOGUE.length);
  });
});
