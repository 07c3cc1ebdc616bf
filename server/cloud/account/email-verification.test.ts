import { FakeClock } from '../../http/clock.js';
import { startTestAccount, type TestAccount } from './testing/test-account.js';

describe('account service: verifying e-mail addresses', () => {
  const clock = new FakeClock(Date.parse('2026-11-23T12:00:00Z'));
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount({ clock });
  });
  afterAll(() => cloud.stop());

  const tokenOf = (text: string) => new URL(/(http\S+)/.exec(text)![1]!).searchParams.get('token')!;

  it('when someone signs up, then the address is unverified and a link without any text they wrote goes to it; following it verifies it', async () => {
    const user = await cloud.user();
    expect((await cloud.http().get('/user/me').set(user.auth).expect(200)).body.emailVerified).toBe(false);
    const mail = cloud.mails.findLast((sent) => sent.to === user.email)!;
    expect(mail).toMatchObject({ subject: 'Verify your e-mail address' });
    expect(mail.text).not.toContain('Test');
    await cloud.http().get('/login/email-verification').query({ token: tokenOf(mail.text) }).expect(200);
    expect((await cloud.http().get('/user/me').set(user.auth).expect(200)).body.emailVerified).toBe(true);
  });

  it('when the address changes, then it is unverified and a link goes to the new address; following it verifies it, once', async () => {
    const user = await cloud.user();
    const email = `new-${Date.now()}@example.com`;
    const { body } = await cloud.http().put(`/user/${user.id}`).set(user.auth).send({ email }).expect(200);
    expect(body).toMatchObject({ email, emailVerified: false });
    const mail = cloud.mails.at(-1)!;
    expect(mail).toMatchObject({ to: email, subject: 'Verify your e-mail address' });
    expect(mail.text).toContain(`${cloud.account.publicUrl}/login/email-verification?token=`);
    const token = tokenOf(mail.text);
    expect((await cloud.http().get('/login/email-verification').query({ token }).expect(200)).body).toEqual({ email, emailVerified: true });
    expect((await cloud.http().get('/user/me').set(user.auth).expect(200)).body.emailVerified).toBe(true);
    await cloud.http().get('/login/email-verification').query({ token }).expect(400);
  });

  it('when only the case of the address or another field changes, then no mail goes and it stays verified', async () => {
    const user = await cloud.user();
    await cloud.verify(user.id);
    const sent = cloud.mails.length;
    const { body } = await cloud.http().put(`/user/${user.id}`).set(user.auth).send({ email: user.email.toUpperCase(), firstname: 'Zed' }).expect(200);
    expect(body.emailVerified).toBe(true);
    expect(cloud.mails.length).toBe(sent);
  });

  it('when the link is old, wrong, missing, or for an address changed again since, then 400', async () => {
    const user = await cloud.user();
    await cloud.http().put(`/user/${user.id}`).set(user.auth).send({ email: `a-${Date.now()}@example.com` }).expect(200);
    const first = tokenOf(cloud.mails.at(-1)!.text);
    await cloud.http().put(`/user/${user.id}`).set(user.auth).send({ email: `b-${Date.now()}@example.com` }).expect(200);
    const second = tokenOf(cloud.mails.at(-1)!.text);
    await cloud.http().get('/login/email-verification').query({ token: first }).expect(400);
    await cloud.http().get('/login/email-verification').query({ token: 'wrong' }).expect(400);
    await cloud.http().get('/login/email-verification').expect(400);
    clock.advance(25 * 60 * 60 * 1000);
    await cloud.http().get('/login/email-verification').query({ token: second }).expect(400);
  });
});
