import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestAccount, type TestAccount } from './testing/test-account.js';

type User = Awaited<ReturnType<TestAccount['user']>>;

describe('account service: formatted e-mail', () => {
  let cloud: TestAccount;
  let admin: User;
  const smtp = process.env.SMTP_URL;
  beforeAll(async () => {
    delete process.env.SMTP_URL;
    // The service's own mailer (no test double): without SMTP_URL each mail becomes an .eml file in the outbox.
    cloud = await startTestAccount({ mailer: undefined, limits: { userMails: { points: 3, durationMs: 60 * 60 * 1000 } } });
    admin = await cloud.admin();
  });
  afterAll(async () => {
    if (smtp !== undefined) process.env.SMTP_URL = smtp;
    await cloud.stop();
  });

  const outbox = () => path.join(cloud.dataDir, 'outbox');
  const lastMail = () => {
    const files = readdirSync(outbox()).sort();
    return readFileSync(path.join(outbox(), files.at(-1)!), 'utf8');
  };

  it("when an admin sends a formatted mail to a hub's owner, then it is written to the outbox with text and escaped HTML parts", async () => {
    const anna = await cloud.user();
    await cloud.verify(anna.id);
    const homeyId = (await cloud.http().post('/homey/').set(anna.auth).send({ name: 'Home' }).expect(200)).body._id;
    const { body } = await cloud.http().post('/mail/formatted').set(admin.auth).send({
      toHomeyOwner: homeyId,
      subject: 'Your hub is back online',
      replyTo: 'support@example.com',
      header: { title: 'Back <online>' },
      body: 'First paragraph.\n\nSecond & last.',
      button: { text: 'Open', url: 'https://my.example.com/' },
    }).expect(200);
    expect(body.to).toBe(anna.email);
    const eml = lastMail();
    expect(eml).toContain(`To: ${anna.email}`);
    expect(eml).toContain('Subject: Your hub is back online');
    expect(eml).toContain('Reply-To: support@example.com');
    expect(eml).toContain(`Message-ID: ${body.messageId}`);
    expect(eml).toContain('Back &#60;online&#62;');
    expect(eml).toContain('Second &#38; last.');
    expect(eml).toContain('Content-Type: text/plain');
  });

  it('when the recipient is named twice, not at all, or by an unknown hub, then 400, 400, 404; a non-admin 403', async () => {
    const anna = await cloud.user();
    const mail = { subject: 'Hi', body: 'Hello' };
    await cloud.http().post('/mail/formatted').set(admin.auth).send({ ...mail, to: 'a@example.com', toHomeyOwner: '0123456789abcdef01234567' }).expect(400);
    await cloud.http().post('/mail/formatted').set(admin.auth).send(mail).expect(400);
    await cloud.http().post('/mail/formatted').set(admin.auth).send({ ...mail, to: 'not an address' }).expect(400);
    await cloud.http().post('/mail/formatted').set(admin.auth).send({ ...mail, toHomeyOwner: '0123456789abcdef01234567' }).expect(404);
    await cloud.http().post('/mail/formatted').set(anna.auth).send({ ...mail, to: 'a@example.com' }).expect(403);
    await cloud.http().post('/mail/formatted').send({ ...mail, to: 'a@example.com' }).expect(401);
    await cloud.verify(anna.id);
    const { body } = await cloud.http().post('/mail/formatted').set(admin.auth).send({ ...mail, to: anna.email.toUpperCase() }).expect(200);
    expect(body.to).toBe(anna.email);
  });

  it('when the recipient is no account, or its address is unverified, then 409 and no mail: formatted mails carry text someone wrote', async () => {
    const ben = await cloud.user();
    const homeyId = (await cloud.http().post('/homey/').set(ben.auth).send({ name: 'Home' }).expect(200)).body._id;
    const sent = readdirSync(outbox()).length;
    const mail = { subject: 'Win a prize', body: 'Click here' };
    for (const recipient of [{ to: 'stranger@example.com' }, { to: ben.email }, { toHomeyOwner: homeyId }]) {
      const res = await cloud.http().post('/mail/formatted').set(admin.auth).send({ ...mail, ...recipient }).expect(409);
      expect(res.body.error_description).toBe('Formatted mails go only to the verified e-mail address of an account');
    }
    expect(readdirSync(outbox())).toHaveLength(sent);
  });

  it('when one account is sent more formatted mails than its hourly allowance, then 429 with Retry-After; others still get theirs', async () => {
    const [carl, dana] = [await cloud.user(), await cloud.user()];
    await Promise.all([cloud.verify(carl.id), cloud.verify(dana.id)]);
    const mail = { subject: 'Hi', body: 'Hello' };
    for (let i = 0; i < 3; i++) await cloud.http().post('/mail/formatted').set(admin.auth).send({ ...mail, to: carl.email }).expect(200);
    const refused = await cloud.http().post('/mail/formatted').set(admin.auth).send({ ...mail, to: carl.email }).expect(429);
    expect(refused.body).toMatchObject({ error: 'too_many_requests', statusCode: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    await cloud.http().post('/mail/formatted').set(admin.auth).send({ ...mail, to: dana.email }).expect(200);
  });

  it('when an account changes its address, then the verification mail goes the same way, into the outbox', async () => {
    const anna = await cloud.user();
    const email = `moved-${Date.now()}@example.com`;
    await cloud.http().put(`/user/${anna.id}`).set(anna.auth).send({ email }).expect(200);
    const eml = lastMail();
    expect(eml).toContain(`To: ${email}`);
    expect(eml).toContain('/login/email-verification?token=');
  });
});

describe('account service: mailing lists', () => {
  let cloud: TestAccount;
  let admin: User;
  beforeAll(async () => {
    cloud = await startTestAccount();
    admin = await cloud.admin();
  });
  afterAll(() => cloud.stop());

  it('when an account subscribes to a list with tags, then it is a member; again 409; upsert replaces the tags', async () => {
    const anna = await cloud.user();
    const { body } = await cloud.http().post('/mail/mailchimp').set(anna.auth).send({ listId: 'news1', userId: anna.id, tags: ['nl', 'homey-pro'] }).expect(200);
    expect(body).toMatchObject({ listId: 'news1', userId: anna.id, email: anna.email, tags: ['homey-pro', 'nl'] });
    await cloud.http().post('/mail/mailchimp').set(anna.auth).send({ listId: 'news1', userId: anna.id }).expect(409);
    const kept = await cloud.http().put('/mail/mailchimp').set(anna.auth).send({ listId: 'news1', userId: anna.id }).expect(200);
    expect(kept.body.tags).toEqual(['homey-pro', 'nl']);
    const replaced = await cloud.http().put('/mail/mailchimp').set(anna.auth).send({ listId: 'news1', userId: anna.id, tags: ['en'] }).expect(200);
    expect(replaced.body).toMatchObject({ tags: ['en'], subscribedAt: body.subscribedAt });
    const created = await cloud.http().put('/mail/mailchimp').set(anna.auth).send({ listId: 'other', userId: anna.id }).expect(200);
    expect(created.body.tags).toEqual([]);
  });

  it('when tags are added and removed, then the member shows them; a missing tag or member 404', async () => {
    const anna = await cloud.user();
    await cloud.http().post('/mail/mailchimp/tag').set(anna.auth).send({ listId: 'news2', userId: anna.id, tag: 'nl' }).expect(404);
    await cloud.http().post('/mail/mailchimp').set(anna.auth).send({ listId: 'news2', userId: anna.id }).expect(200);
    await cloud.http().post('/mail/mailchimp/tag').set(anna.auth).send({ listId: 'news2', userId: anna.id, tag: 'nl' }).expect(200);
    const twice = await cloud.http().post('/mail/mailchimp/tag').set(anna.auth).send({ listId: 'news2', userId: anna.id, tag: 'nl' }).expect(200);
    expect(twice.body.tags).toEqual(['nl']);
    const { body } = await cloud.http().delete(`/mail/mailchimp/tag/nl/list/news2/user/${anna.id}`).set(anna.auth).expect(200);
    expect(body.tags).toEqual([]);
    await cloud.http().delete(`/mail/mailchimp/tag/nl/list/news2/user/${anna.id}`).set(anna.auth).expect(404);
    await cloud.http().delete(`/mail/mailchimp/tag/nl/list/nolist/user/${anna.id}`).set(anna.auth).expect(404);
  });

  it("when another account's membership is changed, then 403, unless by an admin; unknown accounts 404, bad input 400", async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    await cloud.http().post('/mail/mailchimp').set(ben.auth).send({ listId: 'news3', userId: anna.id }).expect(403);
    await cloud.http().post('/mail/mailchimp/tag').set(ben.auth).send({ listId: 'news3', userId: anna.id, tag: 'x' }).expect(403);
    await cloud.http().delete(`/mail/mailchimp/tag/x/list/news3/user/${anna.id}`).set(ben.auth).expect(403);
    await cloud.http().post('/mail/mailchimp').set(admin.auth).send({ listId: 'news3', userId: anna.id }).expect(200);
    await cloud.http().post('/mail/mailchimp').set(admin.auth).send({ listId: 'news3', userId: '0123456789abcdef01234567' }).expect(404);
    await cloud.http().post('/mail/mailchimp').set(anna.auth).send({ listId: 'bad list!', userId: anna.id }).expect(400);
    await cloud.http().post('/mail/mailchimp').set(anna.auth).send({ listId: 'news3', userId: anna.id, tags: ['a/b'] }).expect(400);
    await cloud.http().post('/mail/mailchimp').send({ listId: 'news3', userId: anna.id }).expect(401);
  });

  it('when an account is deleted, then its memberships and tags go with it', async () => {
    const anna = await cloud.user();
    await cloud.http().post('/mail/mailchimp').set(anna.auth).send({ listId: 'news4', userId: anna.id, tags: ['x'] }).expect(200);
    await cloud.http().delete(`/user/${anna.id}`).set(anna.auth).send({ password: 'correct horse battery' }).expect(204);
    const left = await cloud.account.db.selectFrom('mailing_list_tags').selectAll().where('user_id', '=', anna.id).execute();
    expect(left).toEqual([]);
  });
});
