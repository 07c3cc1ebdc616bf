import { randomBytes, scryptSync } from 'node:crypto';
import { formFields } from './oauth/testing.js';
import { APP, PASSWORD, startTestAccount, type TestAccount } from './testing/test-account.js';

/** A hash as accounts made before argon2id hold it (crypto.ts verifyScrypt). */
function scryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N: 2 ** 10, r: 8, p: 1 });
  return ['scrypt', 10, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('account service: password sign-ins', () => {
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount({ limits: { signUps: { points: 3, durationMs: 60 * 60 * 1000 } } });
  });
  afterAll(() => cloud.stop());

  const passwordGrant = (username: string, password: string) =>
    cloud.http().post('/oauth2/token').auth(APP.id, APP.secret).type('form').send({ grant_type: 'password', username, password });
  const signInPage = async (email: string, password: string) => {
    const page = await cloud.http().get('/oauth2/authorise').query({ client_id: APP.id, redirect_uri: APP.redirectUris[0]!, response_type: 'code' }).expect(200);
    return cloud.http().post('/oauth2/authorise').type('form').send({ ...formFields(page.text), email, password });
  };
  /** Accounts made straight in the store: sign-ups from this one address are limited (see the last test). */
  const accounts = (count: number) =>
    Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const email = `person${i}-${randomBytes(4).toString('hex')}@example.com`;
        const now = cloud.account.iso();
        const password_hash = await cloud.account.passwords.hash(PASSWORD);
        const row = { id: randomBytes(12).toString('hex'), email, email_key: email, password_hash, firstname: 'P', lastname: '', language: 'en', avatar: null, roles: '[]', newsletter: 0, newsletter_language: null, email_verified: 1, created_at: now, updated_at: now };
        await cloud.account.db.insertInto('users').values(row).execute();
        return row;
      }),
    );

  it('when an address is unknown, then the password is still checked once against a hash of the current cost, as for a known one', async () => {
    const [known] = await accounts(1);
    const verify = jest.spyOn(cloud.account.passwords, 'verify');
    try {
      await passwordGrant(known!.email, 'wrong password').expect(400);
      await passwordGrant('nobody@example.com', 'wrong password').expect(400);
      for (const email of [known!.email, 'nobody@example.com']) {
        const res = await signInPage(email, 'wrong password');
        expect([res.status, res.text]).toEqual([200, expect.stringContaining('Wrong e-mail address or password')]);
      }
      expect(verify).toHaveBeenCalledTimes(4);
      const hashes = verify.mock.calls.map(([, stored]) => stored.slice(0, stored.lastIndexOf('$', stored.lastIndexOf('$') - 1)));
      expect(new Set(hashes).size).toBe(1);
    } finally {
      verify.mockRestore();
    }
  });

  it('when an account still holds a scrypt hash, then its password works and is rehashed to argon2id at the current cost', async () => {
    const [person] = await accounts(1);
    await cloud.account.db.updateTable('users').set({ password_hash: scryptHash(PASSWORD) }).where('id', '=', person!.id).execute();
    await passwordGrant(person!.email, 'wrong password').expect(400);
    const stored = async () => (await cloud.account.db.selectFrom('users').select('password_hash').where('id', '=', person!.id).executeTakeFirstOrThrow()).password_hash;
    expect(await stored()).toMatch(/^scrypt\$/);
    await passwordGrant(person!.email, PASSWORD).expect(200);
    const rehashed = await stored();
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(cloud.account.passwords.isOutdated(rehashed)).toBe(false);
    await passwordGrant(person!.email, PASSWORD).expect(200);
  });

  it('when one address signs up more often than its allowance, then 429 with Retry-After and no account', async () => {
    const signUp = (i: number) => cloud.http().post('/user').send({ email: `signup${i}-${randomBytes(4).toString('hex')}@example.com`, password: PASSWORD, firstname: 'S' });
    for (let i = 0; i < 3; i++) await signUp(i).expect(200);
    const refused = await signUp(3).expect(429);
    expect(refused.body).toMatchObject({ error: 'too_many_requests', error_description: expect.stringMatching(/^Too many sign-ups from this address: try again in \d+ s$/), statusCode: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
  });
});
