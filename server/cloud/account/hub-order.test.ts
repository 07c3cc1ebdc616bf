import { Migrator } from 'kysely';
import { FakeClock } from '../../http/clock.js';
import { migrations } from './migrations.js';
import { startTestAccount, type TestAccount } from './testing/test-account.js';

// Athom's client (homey-api) reads GET /user/me and takes `homeys[0]` as the user's hub (`getFirstHomey()`): adding
// a hub must not change which one that is. All hubs here are made at one instant of a stopped clock, so only the
// order they were added in can tell them apart.
describe('account service: the order of a user\'s hubs in /user/me', () => {
  let cloud: TestAccount;
  const clock = new FakeClock(Date.parse('2026-11-28T12:00:00Z'));
  beforeAll(async () => {
    cloud = await startTestAccount({ clock });
  });
  afterAll(() => cloud.stop());

  const homeyIds = async (auth: Record<string, string>) => ((await cloud.http().get('/user/me').set(auth).expect(200)).body.homeys as Array<{ _id: string }>).map((homey) => homey._id);

  it('when hubs are added one by one, by creating them and by accepting an invitation, then /user/me lists them in that order, also after a restart', async () => {
    const user = await cloud.user();
    const neighbour = await cloud.user();
    const added: string[] = [];
    for (const name of ['Home', 'Cabin', 'Office', 'Boat', 'Garage']) {
      added.push((await cloud.http().post('/homey/').set(user.auth).send({ name }).expect(200)).body._id);
      expect(await homeyIds(user.auth)).toEqual(added);
    }
    const { body: shared } = await cloud.http().post('/homey/').set(neighbour.auth).send({ name: 'Next door' }).expect(200);
    await cloud.http().post(`/homey/${shared._id}/user`).set(neighbour.auth).send({ user: user.id, role: 'guest' }).expect(200);
    await cloud.http().post(`/user/${user.id}/accept_invite/${neighbour.id}`).set(user.auth).expect(200);
    added.push(shared._id);
    expect(await homeyIds(user.auth)).toEqual(added);

    cloud = await cloud.restart();
    expect(await homeyIds(user.auth)).toEqual(added);
  });

  it('when the first hub is removed, then the others keep their order and a new one comes last', async () => {
    const user = await cloud.user();
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) ids.push((await cloud.http().post('/homey/').set(user.auth).send({ name }).expect(200)).body._id);
    await cloud.http().delete(`/homey/${ids[0]}`).set(user.auth).expect(204);
    const fourth = (await cloud.http().post('/homey/').set(user.auth).send({ name: 'Four' }).expect(200)).body._id;
    expect(await homeyIds(user.auth)).toEqual([ids[1], ids[2], fourth]);
  });

  it('when a database of before the order was kept is migrated, then each user\'s hubs are numbered oldest first', async () => {
    const owner = await cloud.user();
    const ids: string[] = [];
    for (const name of ['Old', 'Older still', 'Newest']) {
      clock.advance(60_000);
      ids.push((await cloud.http().post('/homey/').set(owner.auth).send({ name }).expect(200)).body._id);
    }
    const migrator = new Migrator({ db: cloud.account.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('008-accounts-hardware-lists')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await cloud.account.db.selectFrom('hub_users').select(['hub_id', 'added_order']).where('user_id', '=', owner.id).orderBy('added_order').execute();
    expect(rows).toEqual(ids.map((hub_id, index) => ({ hub_id, added_order: index + 1 })));
    expect(await homeyIds(owner.auth)).toEqual(ids);
  });
});
