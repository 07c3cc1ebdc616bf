import request from 'supertest';
import { releasesNewerThan } from '../../common/firmware/catalogue.js';
import { createFirmwareService } from './service.js';

describe('cloud firmware service: getUpdatesChangelog', () => {
  const firmware = createFirmwareService({ validateResponses: true, development: true });
  let url: string;
  beforeAll(async () => {
    url = await firmware.listen(0);
  });
  afterAll(() => firmware.close());

  const versions = async (query: Record<string, string>) => (await request(url).get('/update/changelog').query(query).expect(200)).body.map((release: { version: string }) => release.version);

  it.each([
    ['no channel (stable)', {}, ['12.1.0', '12.0.1']],
    ['beta, which also offers stable releases', { channel: 'beta' }, ['12.2.0-rc.1', '12.1.0', '12.1.0-rc.2', '12.0.1']],
    ['experimental, which offers every release', { channel: 'experimental' }, ['12.3.0-rc.1', '12.2.0-rc.1', '12.1.0', '12.1.0-rc.2', '12.1.0-rc.1', '12.0.1']],
    ['stable since 12.0.1', { since: '12.0.1' }, ['12.1.0']],
    ['stable since the newest', { since: '12.1.0' }, []],
  ])('when asked for %s, then its releases come newest first, without a token', async (_name, query, expected) => {
    expect(await versions(query)).toEqual(expected);
  });

  it("when a hub on 12.0.0 on beta reads the changelog, then it lists exactly the updates the hub's update manager offers", async () => {
    expect(await versions({ channel: 'beta', since: '12.0.0' })).toEqual(releasesNewerThan('12.0.0', 'beta').map((release) => release.version));
  });

  it('when asked in Dutch, then the texts are Dutch where the release has them and English where not', async () => {
    const { body } = await request(url).get('/update/changelog').query({ channel: 'experimental', language: 'nl' }).expect(200);
    const byVersion = new Map(body.map((release: { version: string }) => [release.version, release]));
    expect(byVersion.get('12.0.1')).toMatchObject({ changelog: 'Lost Zigbee-apparaten op die na een herstart onbereikbaar bleven.', date: '2026-11-09', size: 41943040 });
    expect(byVersion.get('12.1.0-rc.1')).toMatchObject({ whatsnew: [{ id: 'energy-zones', title: 'Energie per zone' }] });
  });

  it.each([
    ['an unknown channel', { channel: 'nightly' }, 'channel'],
    ['a version that is not one', { since: 'latest' }, 'since'],
    ['a language that is not a code', { language: 'english' }, 'language'],
  ])('when the query has %s, then 400 naming it', async (_name, query, named) => {
    const res = await request(url).get('/update/changelog').query(query).expect(400);
    expect(res.body.error_description).toContain(named);
  });

  it('when a bogus token comes, then the public changelog answers all the same (no 401 or 403); another path is a 404', async () => {
    await request(url).get('/update/changelog').set('Authorization', 'Bearer nope').expect(200);
    expect((await request(url).get('/update/changelog/12.1.0').expect(404)).body.statusCode).toBe(404);
  });
});
