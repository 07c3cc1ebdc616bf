import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { FakeClock } from '../../http/clock.js';
import { openAccountDb } from './db.js';
import { migrations } from './migrations.js';
import { describeWhen } from '../../../scripts/system-programs.js';
import { freshDatabase } from './testing/postgres.js';
import { APP, PASSWORD, startTestAccount, type TestAccount } from './testing/test-account.js';

/**
 * The same calls on both stores: SQLite always, PostgreSQL when DATABASE_URL names a server (CI starts one; without
 * it this half is skipped). With DATABASE_URL every other suite of the service runs on PostgreSQL too.
 */
const serverUrl = process.env.DATABASE_URL;
const backends: Array<[string, ReturnType<typeof describeWhen>]> = [
  ['SQLite', describe],
  ['PostgreSQL', describeWhen(Boolean(serverUrl), 'DATABASE_URL names no PostgreSQL server to make test databases in (.ci/run starts one; see docs/configuration.md)')],
];

for (const [name, describeOn] of backends) describeOn(`account storage on ${name}`, () => {
  let cloud: TestAccount;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (name === 'PostgreSQL') {
      const database = await freshDatabase(serverUrl!);
      drop = database.drop;
      cloud = await startTestAccount({ databaseUrl: database.url });
    } else {
      cloud = await startTestAccount({ databaseUrl: undefined });
    }
  });
  afterAll(async () => {
    await cloud?.stop();
    await drop?.();
  });

  it('when data is written and the service restarts, then migrations run again harmlessly and every row is back', async () => {
    const user = await cloud.user();
    await cloud.http().post('/user').send({ email: user.email.toUpperCase(), password: PASSWORD, firstname: 'Dup' }).expect(409);
    const { body: homey } = await cloud.http().post('/homey/').set(user.auth).send({ name: 'Zolder_50%', serial: 'Z1', platform: 'cloud' }).expect(200);
    await cloud.http().post('/homey/').set(user.auth).send({ _id: homey._id, name: 'Again' }).expect(409);
    const refresh = (await cloud.tokens(user.email)).refresh_token!;
    cloud = await cloud.restart();
    await cloud.http().get('/user/me').set(user.auth).expect(200);
    const search = await cloud.http().get('/homey/?search=r_50%25').set(user.auth).expect(200);
    expect(search.body).toMatchObject({ total: 1, homeys: [{ _id: homey._id, name: 'Zolder_50%', serial: 'Z1', platform: 'cloud' }] });
    expect((await cloud.http().get('/homey/?search=r_5%25%25').set(user.auth).expect(200)).body.total).toBe(0);
    const rotated = await cloud.http().post('/oauth2/token').auth(APP.id, APP.secret).type('form').send({ grant_type: 'refresh_token', refresh_token: refresh }).expect(200);
    await cloud.http().post('/oauth2/token').auth(APP.id, APP.secret).type('form').send({ grant_type: 'refresh_token', refresh_token: refresh }).expect(400);
    await cloud.http().get('/user/me').set('Authorization', `Bearer ${rotated.body.access_token}`).expect(401);
  });

  it('when every migration is undone and done again, then the schema comes back whole', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'account-migrations-'));
    const database = name === 'PostgreSQL' ? await freshDatabase(serverUrl!) : undefined;
    const db = await openAccountDb({ dataDir, databaseUrl: database?.url });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      for (let i = 0; i < Object.keys(migrations).length; i++) expect((await migrator.migrateDown()).error).toBeUndefined();
      expect((await db.introspection.getTables()).map((table) => table.name)).toEqual([]);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
      expect(tables).toEqual([
        'auth_codes', 'avatars', 'email_verifications', 'hub_apps', 'hub_metadata', 'hub_users', 'hubs', 'installer_information', 'invites',
        'mailing_list_members', 'mailing_list_tags', 'oauth_clients', 'oauth_consent_tickets', 'oauth_consents', 'password_resets', 'peripherals', 'self_hosted_servers', 'tokens',
        'user_addresses', 'user_devices', 'user_subscriptions', 'users',
      ]);
    } finally {
      await db.destroy();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('when an account is deleted, then its tokens, codes and hub records go by cascade', async () => {
    const user = await cloud.user();
    const { body: homey } = await cloud.http().post('/homey/').set(user.auth).send({ name: 'Cascade' }).expect(200);
    await cloud.http().delete(`/user/${user.id}`).set(user.auth).send({ password: PASSWORD }).expect(204);
    const rows = await cloud.account.db.selectFrom('hubs').select('id').where('id', '=', homey._id).execute();
    expect(rows).toEqual([]);
    const tokens = await cloud.account.db.selectFrom('tokens').select('access_hash').where('user_id', '=', user.id).execute();
    expect(tokens).toEqual([]);
  });
});

describe('account storage: purge', () => {
  it('when an hour passes on the clock, then tokens past both expiries, old codes and reset tokens are deleted', async () => {
    const clock = new FakeClock(Date.parse('2026-11-23T12:00:00Z'));
    const cloud = await startTestAccount({ clock });
    try {
      const { email } = await cloud.signUp();
      await cloud.tokens(email);
      await cloud.http().post('/oauth2/token').auth(APP.id, APP.secret).type('form').send({ grant_type: 'client_credentials' }).expect(200);
      await cloud.http().post('/login/password-forgotten').send({ email }).expect(204);
      const count = async (table: 'tokens' | 'password_resets') => (await cloud.account.db.selectFrom(table).selectAll().execute()).length;
      expect(await count('tokens')).toBe(2);
      clock.advance(60 * 60 * 1000);
      // The purge runs on the clock's timer; wait for its queries to land.
      const purged = async () => (await count('tokens')) === 1 && (await count('password_resets')) === 0;
      for (let i = 0; i < 100 && !(await purged()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await count('tokens')).toBe(1);
      expect(await count('password_resets')).toBe(0);
    } finally {
      await cloud.stop();
    }
  });
});
