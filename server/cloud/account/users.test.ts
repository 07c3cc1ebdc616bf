import { PASSWORD, startTestAccount, type TestAccount } from './testing/test-account.js';

describe('account service: users', () => {
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount();
  });
  afterAll(() => cloud.stop());

  it('when signing up, then the account answers with _id, empty homeys and devices, and no password', async () => {
    const res = await cloud.http().post('/user?newsletter=true').send({ email: 'Anna@Example.com', password: PASSWORD, firstname: 'Anna', lastname: 'de Vries' }).expect(200);
    expect(res.body).toMatchObject({ email: 'Anna@Example.com', firstname: 'Anna', lastname: 'de Vries', language: 'en', newsletter: true, homeys: [], devices: [], roles: [], roleIds: [] });
    expect(res.body._id).toMatch(/^[0-9a-f]{24}$/);
    expect(JSON.stringify(res.body)).not.toContain('scrypt');
  });

  it('when signing up with an address taken in another case, then 409', async () => {
    await cloud.signUp('taken@example.com');
    const res = await cloud.http().post('/user').send({ email: 'TAKEN@example.com', password: PASSWORD, firstname: 'B' }).expect(409);
    expect(res.body).toMatchObject({ error: 'conflict', error_description: 'An account with this e-mail address exists already', statusCode: 409 });
  });

  it('when signing up with a short password, a bad address or a stray field, then 400', async () => {
    await cloud.http().post('/user').send({ email: 'short@example.com', password: 'short', firstname: 'S' }).expect(400);
    await cloud.http().post('/user').send({ email: 'not-an-address', password: PASSWORD, firstname: 'S' }).expect(400);
    const res = await cloud.http().post('/user').send({ email: 'x@example.com', password: PASSWORD, firstname: 'S', roles: ['admin'] }).expect(400);
    expect(res.body.error_description).toBe('Unknown argument: user.roles');
  });

  it('when gettingStarted is asked, then a welcome mail goes to the new account', async () => {
    await cloud.http().post('/user?gettingStarted=true').send({ email: 'welcome@example.com', password: PASSWORD, firstname: 'Wil' }).expect(200);
    expect(cloud.mails.at(-1)).toMatchObject({ to: 'welcome@example.com', subject: 'Getting started' });
  });

  it('when reading /user/me, then 401 without a token, 401 invalid_token with a wrong one, the user with a good one', async () => {
    const user = await cloud.user();
    const none = await cloud.http().get('/user/me').expect(401);
    expect(none.body.error).toBe('unauthorized');
    const wrong = await cloud.http().get('/user/me').set('Authorization', 'Bearer nope').expect(401);
    expect(wrong.body.error).toBe('invalid_token');
    const me = await cloud.http().get('/user/me').set(user.auth).expect(200);
    expect(me.body._id).toBe(user.id);
  });

  it('when /user/me asks additionalScopes the token lacks, then 403', async () => {
    const user = await cloud.user();
    await cloud.http().get('/user/me?additionalScopes=account,homey').set(user.auth).expect(200);
    const res = await cloud.http().get('/user/me?additionalScopes=admin').set(user.auth).expect(403);
    expect(res.body.error_description).toBe('Missing scope: admin');
  });

  it("when reading, updating or deleting another account, then 403; an account's own, then it works", async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    await cloud.http().get(`/user/${ben.id}`).set(anna.auth).expect(403);
    await cloud.http().put(`/user/${ben.id}`).set(anna.auth).send({ firstname: 'Hacked' }).expect(403);
    await cloud.http().delete(`/user/${ben.id}`).set(anna.auth).send({ password: PASSWORD }).expect(403);
    await cloud.http().get(`/user/${anna.id}`).set(anna.auth).expect(200);
    const updated = await cloud.http().put(`/user/${anna.id}`).set(anna.auth).send({ firstname: 'Anne', language: 'nl' }).expect(200);
    expect(updated.body).toMatchObject({ firstname: 'Anne', language: 'nl' });
  });

  it('when updating with nothing, a bad id or a taken address, then 400, 400 and 409', async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    await cloud.http().put(`/user/${anna.id}`).set(anna.auth).send({}).expect(400);
    await cloud.http().get('/user/not-an-id').set(anna.auth).expect(400);
    await cloud.http().put(`/user/${anna.id}`).set(anna.auth).send({ email: ben.email.toUpperCase() }).expect(409);
  });

  it('when a token has only account.readonly, then reading works and changing answers 403', async () => {
    const { id, email } = await cloud.signUp();
    const { access_token } = await cloud.tokens(email, PASSWORD, 'account.readonly');
    const auth = { Authorization: `Bearer ${access_token}` };
    await cloud.http().get(`/user/${id}`).set(auth).expect(200);
    const res = await cloud.http().put(`/user/${id}`).set(auth).send({ firstname: 'X' }).expect(403);
    expect(res.body.error).toBe('insufficient_scope');
  });

  it('when an admin reads an unknown account, then 404', async () => {
    const admin = await cloud.admin();
    await cloud.http().get('/user/0123456789abcdef01234567').set(admin.auth).expect(404);
  });

  it('when deleting an account with a wrong password, then 403; with the right one, then it and its tokens are gone', async () => {
    const user = await cloud.user();
    await cloud.http().delete(`/user/${user.id}`).set(user.auth).send({ password: 'wrong password' }).expect(403);
    await cloud.http().delete(`/user/${user.id}`).set(user.auth).send({ password: PASSWORD }).expect(204);
    await cloud.http().get('/user/me').set(user.auth).expect(401);
    await cloud.http().post('/oauth2/token').auth('test-app', 'test-app-secret-0123456789').type('form').send({ grant_type: 'password', username: user.email, password: PASSWORD }).expect(400);
  });

  it('when changing the password, then the old one must be right, other tokens end and the caller keeps its own', async () => {
    const user = await cloud.user();
    const other = (await cloud.tokens(user.email)).access_token;
    await cloud.http().post('/user/me/password').set(user.auth).send({ old_password: 'wrong password', password: 'a new long password' }).expect(403);
    await cloud.http().post('/user/me/password').set(user.auth).send({ old_password: PASSWORD, password: 'a new long password' }).expect(204);
    await cloud.http().get('/user/me').set(user.auth).expect(200);
    await cloud.http().get('/user/me').set('Authorization', `Bearer ${other}`).expect(401);
    await cloud.tokens(user.email, 'a new long password');
  });

  it('when a password is forgotten, then a mailed token resets it once, and an unknown address answers the same', async () => {
    const { email } = await cloud.signUp();
    const before = cloud.mails.length;
    await cloud.http().post('/login/password-forgotten').send({ email: 'nobody@example.com' }).expect(204);
    expect(cloud.mails.length).toBe(before);
    await cloud.http().post('/login/password-forgotten').send({ email }).expect(204);
    const mail = cloud.mails.at(-1)!;
    expect(mail.to).toBe(email);
    const token = mail.text.split('\n\n')[1]!;
    await cloud.http().post('/login/password-reset').send({ token, password: 'reset password 1' }).expect(204);
    const again = await cloud.http().post('/login/password-reset').send({ token, password: 'reset password 2' }).expect(400);
    expect(again.body.error_description).toBe('The reset token is invalid, used or expired');
    await cloud.tokens(email, 'reset password 1');
  });
});

describe('account service: the role app_developer_trusted', () => {
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount();
  });
  afterAll(() => cloud.stop());

  it('when an admin adds and removes it, then roles and roleIds show it; a non-admin gets 403, an unknown account 404', async () => {
    const admin = await cloud.admin();
    const developer = await cloud.user();
    await cloud.http().put(`/user/${developer.id}/role/app_developer_trusted`).set(developer.auth).expect(403);
    const { body } = await cloud.http().put(`/user/${developer.id}/role/app_developer_trusted`).set(admin.auth).expect(200);
    expect(body).toMatchObject({ roles: ['app_developer_trusted'], roleIds: ['app_developer_trusted'] });
    expect((await cloud.http().get('/user/me').set(developer.auth).expect(200)).body.roles).toEqual(['app_developer_trusted']);
    const removed = await cloud.http().delete(`/user/${developer.id}/role/app_developer_trusted`).set(admin.auth).expect(200);
    expect(removed.body.roles).toEqual([]);
    await cloud.http().delete(`/user/${developer.id}/role/app_developer_trusted`).set(developer.auth).expect(403);
    await cloud.http().put('/user/0123456789abcdef01234567/role/app_developer_trusted').set(admin.auth).expect(404);
  });
});

describe('account service: the newsletter', () => {
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount();
  });
  afterAll(() => cloud.stop());

  it('when subscribing in a language and unsubscribing, then the status and /user/me follow', async () => {
    const user = await cloud.user();
    await cloud.http().get('/user/me/newsletter').set(user.auth).expect(200, { subscribed: false, language: 'en' });
    await cloud.http().post('/user/me/newsletter').set(user.auth).send({ language: 'nl' }).expect(200, { subscribed: true, language: 'nl' });
    expect((await cloud.http().get('/user/me').set(user.auth).expect(200)).body.newsletter).toBe(true);
    await cloud.http().delete('/user/me/newsletter').set(user.auth).expect(204);
    await cloud.http().get('/user/me/newsletter').set(user.auth).expect(200, { subscribed: false, language: 'nl' });
    await cloud.http().post('/user/me/newsletter').set(user.auth).expect(200, { subscribed: true, language: 'nl' });
  });

  it('when the language is malformed, then 400; with account.readonly, subscribing answers 403', async () => {
    const user = await cloud.user();
    await cloud.http().post('/user/me/newsletter').set(user.auth).send({ language: 'Dutch' }).expect(400);
    const readonly = (await cloud.tokens(user.email, undefined, 'account.readonly')).access_token;
    await cloud.http().post('/user/me/newsletter').set('Authorization', `Bearer ${readonly}`).expect(403);
  });
});
