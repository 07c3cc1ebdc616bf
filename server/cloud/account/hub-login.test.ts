import { bearer, startTestHub, type TestHub } from '../../hub/testing/test-hub.js';
import { newUser } from '../../hub/users/users.js';
import { authorise } from './oauth/testing.js';
import { APP, startTestAccount, type TestAccount } from './testing/test-account.js';

describe('signing in to a real hub with a delegation token of the real account service', () => {
  let cloud: TestAccount;
  let hub: TestHub;
  beforeAll(async () => {
    cloud = await startTestAccount();
    const { body: cloudPublicKey } = await cloud.http().get('/delegation/key').expect(200);
    hub = await startTestHub({ cloudPublicKey });
  });
  afterAll(async () => {
    await hub.stop();
    await cloud.stop();
  });

  it('when a user signs in on the page, gets a code, tokens and a delegation token of audience homey, then the hub opens a session', async () => {
    const { id, email } = await cloud.signUp();
    hub.hub.store.insert('user', newUser({ name: 'Anna', athomId: id, verified: true, role: 'user' }));

    // On the page: the password, then the app allowed on the consent page.
    const code = await authorise(cloud, { client: APP, email, scope: 'account,homey.zone.readonly' });
    const tokens = await cloud.http().post('/oauth2/token').auth(APP.id, APP.secret).type('form')
      .send({ grant_type: 'authorization_code', code, redirect_uri: APP.redirectUris[0] }).expect(200);
    const { body: delegation } = await cloud.http().post('/delegation/token?audience=homey').set('Authorization', `Bearer ${tokens.body.access_token}`).expect(200);

    const { body: session } = await hub.http().post('/api/manager/users/login').send({ token: delegation }).expect(200);
    const { body: me } = await hub.http().get('/api/manager/sessions/session/me').set(bearer(session)).expect(200);
    expect(me).toMatchObject({ type: 'OAUTH', clientName: APP.name, scopes: ['homey.zone.readonly'] });
    await hub.http().get('/api/manager/zones/zone').set(bearer(session)).expect(200);
    await hub.http().get('/api/manager/devices/device').set(bearer(session)).expect(403);
  });

  it('when the cloud user is not a user of the hub, then the hub answers 403', async () => {
    const stranger = await cloud.user();
    const { body: delegation } = await cloud.http().post('/delegation/token?audience=homey').set(stranger.auth).expect(200);
    const { body } = await hub.http().post('/api/manager/users/login').send({ token: delegation }).expect(403);
    expect(body.error_description).toBe('This cloud account is not a user of this hub');
  });

  it('when the token names another audience, then the hub answers 401', async () => {
    const { id, email } = await cloud.signUp();
    hub.hub.store.insert('user', newUser({ name: 'Ben', athomId: id, verified: true, role: 'user' }));
    const { access_token } = await cloud.tokens(email);
    const { body: delegation } = await cloud.http().post('/delegation/token?audience=webhooks').set('Authorization', `Bearer ${access_token}`).expect(200);
    await hub.http().post('/api/manager/users/login').send({ token: delegation }).expect(401);
  });
});
