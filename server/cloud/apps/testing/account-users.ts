import { PASSWORD, type TestAccount } from '../../account/testing/test-account.js';
import type { TestUser } from './apps-fixture.js';

/** A new user signed up and in at a real account service, with a delegation token of audience apps it issued. */
export async function signInForApps(account: TestAccount, roles: string[] = []): Promise<TestUser> {
  const { id, email } = await account.signUp();
  for (const role of roles) await account.addRole(id, role);
  const { access_token } = await account.tokens(email, PASSWORD);
  const { body: token } = await account.http().post('/delegation/token').query({ audience: 'apps' }).set('Authorization', `Bearer ${access_token}`).send({}).expect(200);
  return { id, email, name: 'Test', auth: { Authorization: `Bearer ${token}` } };
}
