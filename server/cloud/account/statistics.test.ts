import { FakeClock } from '../../http/clock.js';
import { startTestAccount, type TestAccount } from './testing/test-account.js';

type User = Awaited<ReturnType<TestAccount['user']>>;

describe('account service: statistics over the hub records', () => {
  const clock = new FakeClock(Date.parse('2026-11-01T09:00:00Z'));
  let cloud: TestAccount;
  let admin: User;
  let anna: User;
  let ben: User;
  const ids: string[] = [];
  const weather = (version: string, channel: string, extra: object = {}) => ({ id: 'com.example.weather', version, channel, ...extra });
  beforeAll(async () => {
    cloud = await startTestAccount({ clock });
    admin = await cloud.user();
    await cloud.addRole(admin.id, 'admin');
    anna = await cloud.user();
    ben = await cloud.user();
    const hubs: Array<[User, object]> = [
      [anna, { serial: 'HP2023A001', softwareVersion: '12.4.0', region: 'nl', apps: [weather('1.2.0', 'stable', { drivers: ['station'], flowCards: ['trigger:rain_start'] }), { id: 'com.example.lights', version: '2.0.0', channel: 'stable', drivers: ['bulb'] }] }],
      [anna, { serial: 'HP2023A002', softwareVersion: '12.4.0', region: 'nl', apps: [weather('1.3.0', 'test', { drivers: ['station'] })] }],
      [ben, { serial: 'HP2023B001', softwareVersion: '12.5.0', region: 'de' }],
    ];
    for (const [user, fields] of hubs) {
      const auth = { Authorization: `Bearer ${(await cloud.tokens(user.email)).access_token}` };
      ids.push((await cloud.http().post('/homey/').set(auth).send({ name: 'Home', ...fields }).expect(200)).body._id);
      clock.advance(24 * 60 * 60 * 1000);
    }
    // A day passed per record: sign everyone in again.
    for (const user of [admin, anna, ben]) user.auth = { Authorization: `Bearer ${(await cloud.tokens(user.email)).access_token}` };
  });
  afterAll(() => cloud.stop());

  const get = (path: string, user = admin) => cloud.http().get(path).set(user.auth);

  it('when an admin asks for app installs, drivers and flow cards, then they are counted from the records', async () => {
    expect((await get('/stats/app-installs').expect(200)).body).toEqual([
      { appId: 'com.example.weather', homeys: 2, versions: { '1.2.0': 1, '1.3.0': 1 }, channels: { stable: 1, test: 1 } },
      { appId: 'com.example.lights', homeys: 1, versions: { '2.0.0': 1 }, channels: { stable: 1 } },
    ]);
    expect((await get('/stats/app-drivers').expect(200)).body).toEqual([
      { appId: 'com.example.weather', driverId: 'station', homeys: 2 },
      { appId: 'com.example.lights', driverId: 'bulb', homeys: 1 },
    ]);
    expect((await get('/stats/app-flow-cards').expect(200)).body).toEqual([{ appId: 'com.example.weather', card: 'trigger:rain_start', homeys: 1 }]);
  });

  it('when a hub reports other apps, then the statistics follow', async () => {
    await cloud.http().put(`/homey/${ids[1]}`).set(anna.auth).send({ apps: [] }).expect(200);
    expect((await get('/stats/app-installs').expect(200)).body[0]).toMatchObject({ appId: 'com.example.lights', homeys: 1 });
    await cloud.http().put(`/homey/${ids[1]}`).set(anna.auth).send({ apps: [weather('1.3.0', 'test', { drivers: ['station'] })] }).expect(200);
    expect((await cloud.http().get(`/homey/${ids[1]}`).set(anna.auth).expect(200)).body.apps).toEqual([weather('1.3.0', 'test', { drivers: ['station'] })]);
  });

  it('when an admin asks for regions (since a time) and software versions, then they are counted', async () => {
    expect((await get('/stats/locations').expect(200)).body).toEqual([{ region: 'nl', homeys: 2 }, { region: 'de', homeys: 1 }]);
    expect((await get(`/stats/locations?since=${Date.parse('2026-11-02T00:00:00Z')}`).expect(200)).body).toEqual([{ region: 'de', homeys: 1 }, { region: 'nl', homeys: 1 }]);
    expect((await get('/stats/homey-software-versions').expect(200)).body).toEqual([{ softwareVersion: '12.4.0', homeys: 2 }, { softwareVersion: '12.5.0', homeys: 1 }]);
    await get('/stats/locations?since=yesterday').expect(400);
  });

  it('when an admin asks for production per day, then each day of the range is counted, empty ones too; bad ranges 400', async () => {
    expect((await get('/stats/homey-production-speed?min=2026-10-31&max=2026-11-04').expect(200)).body).toEqual([
      { date: '2026-10-31', homeys: 0 }, { date: '2026-11-01', homeys: 1 }, { date: '2026-11-02', homeys: 1 }, { date: '2026-11-03', homeys: 1 }, { date: '2026-11-04', homeys: 0 },
    ]);
    expect((await get('/stats/homey-production-speed').expect(200)).body).toHaveLength(30);
    await get('/stats/homey-production-speed?min=2026-11-04&max=2026-11-01').expect(400);
    await get('/stats/homey-production-speed?min=2024-01-01&max=2026-11-01').expect(400);
    await get('/stats/homey-production-speed?min=soon').expect(400);
  });

  it("when an admin looks for owners by version, serial range or app, then the records' owners are found, paged", async () => {
    const all = (await get('/stats/homey-owner-data').expect(200)).body;
    expect(all).toMatchObject({ page: 1, pageSize: 50, total: 3 });
    expect(all.owners[0]).toEqual({ homeyId: ids[0], serial: 'HP2023A001', softwareVersion: '12.4.0', userId: anna.id, email: anna.email, firstname: 'Test', lastname: '', language: 'en' });
    const owners = async (query: string) => (await get(`/stats/homey-owner-data?${query}`).expect(200)).body.owners.map((o: { homeyId: string }) => o.homeyId);
    expect(await owners('softwareVersion=12.5.0')).toEqual([ids[2]]);
    expect(await owners('barcodeMin=HP2023A002&barcodeMax=HP2023B999')).toEqual([ids[1], ids[2]]);
    expect(await owners('appId=com.example.weather&appChannel=test')).toEqual([ids[1]]);
    expect(await owners('appId=com.example.weather&appVersion=1.2.0')).toEqual([ids[0]]);
    expect(await owners(`homeyId=${ids[2]}&homeySn=HP2023B001`)).toEqual([ids[2]]);
    expect(await owners('page=2')).toEqual([]);
    await get('/stats/homey-owner-data?page=0').expect(400);
    await get('/stats/homey-owner-data?appChannel=beta').expect(400);
  });

  it.each([
    '/stats/app-installs', '/stats/app-drivers', '/stats/app-flow-cards', '/stats/locations', '/stats/homey-software-versions',
    '/stats/homey-production-speed', '/stats/homey-owner-data',
  ])('when someone who is not an admin asks for %s, then 403; without a token 401', async (path) => {
    const res = await get(path, anna).expect(403);
    expect(res.body.error_description).toBe('Only an admin may do this');
    await cloud.http().get(path).expect(401);
  });
});
