import { findUserByEmail } from '../callers.js';
import { APP, startTestAccount, type TestAccount } from '../testing/test-account.js';
import { oauthError } from './errors.js';

const MAGIC = 'urn:example:params:oauth:grant-type:magic-link';

describe('account service: extension grants (RFC 6749 §4.5)', () => {
  /** One-time sign-in links, as a mail service of the platform would hand them out: link token → e-mail address. */
  const links = new Map<string, string>();
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount({
      clients: [{ ...APP, grants: [...APP.grants, MAGIC] }, { ...APP, id: 'plain-app' }],
      extensionGrants: {
        [MAGIC]: async ({ account, form }) => {
          const email = links.get(form.link ?? '');
          const user = email && (await findUserByEmail(account, email));
          if (!user) throw oauthError.invalidGrant('The sign-in link is invalid or used');
          links.delete(form.link!);
          return { userId: user.id };
        },
      },
    });
  });
  afterAll(() => cloud.stop());

  const token = (form: Record<string, string>, client = APP.id) => cloud.http().post('/oauth2/token').auth(client, APP.secret).type('form').send(form);

  it('when a client registered for the grant uses it, then the user it names gets tokens within the asked scopes, once', async () => {
    const { id, email } = await cloud.signUp();
    links.set('link-1', email);
    const { body } = await token({ grant_type: MAGIC, link: 'link-1', scope: 'account' }).expect(200);
    expect(body).toMatchObject({ token_type: 'bearer', scope: 'account', refresh_token: expect.any(String) });
    expect((await cloud.http().get('/user/me').set('Authorization', `Bearer ${body.access_token}`).expect(200)).body._id).toBe(id);
    const again = await token({ grant_type: MAGIC, link: 'link-1' }).expect(400);
    expect(again.body).toMatchObject({ error: 'invalid_grant', error_description: 'The sign-in link is invalid or used' });
  });

  it('when a client not registered for it uses it, then unauthorized_client; an unknown extension, unsupported_grant_type', async () => {
    expect((await token({ grant_type: MAGIC, link: 'x' }, 'plain-app').expect(400)).body.error).toBe('unauthorized_client');
    expect((await token({ grant_type: 'urn:example:unknown' }).expect(400)).body.error).toBe('unsupported_grant_type');
  });

  it('when it asks a scope beyond the client, then invalid_scope before the grant is tried', async () => {
    const { email } = await cloud.signUp();
    links.set('link-2', email);
    expect((await token({ grant_type: MAGIC, link: 'link-2', scope: 'admin' }).expect(400)).body.error).toBe('invalid_scope');
    expect(links.has('link-2')).toBe(true);
  });
});
