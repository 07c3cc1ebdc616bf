import { KNOWLEDGE_BASE } from './knowledge-base/index.js';
import { createSupportService } from './service.js';
import { startTestSupport, type TestSupport } from './testing.js';

describe('support back end: getConfig and getArticle', () => {
  let support: TestSupport;
  let auth: { Authorization: string };
  beforeAll(async () => {
    support = await startTestSupport();
    ({ auth } = await support.user());
  });
  afterAll(() => support.stop());

  it('when the form starts, then getConfig tells without a token where the services are and the five partner authors', async () => {
    const { body } = await support.http().get('/api/config').expect(200);
    expect(body).toMatchObject({ cloudUrl: support.account.url, clientId: 'browser-app', storeUrl: `${support.account.url}/store`, appsUrl: `${support.account.url}/apps` });
    expect(new Set(body.partnerAuthorIds).size).toBe(5);
  });

  it('when a signed-in customer asks for an article, then its name, page and body answer, and the page serves it', async () => {
    const { body } = await support.http().get('/api/zendesk/article?id=360010000104').set(auth).expect(200);
    expect(body).toMatchObject({ id: 360010000104, name: 'Resetting a forgotten password', section: 'Account', html_url: `${support.url}/hc/articles/360010000104` });
    expect(body.body).toContain('Forgot password?');
    const page = await support.http().get('/hc/articles/360010000104').expect(200);
    expect(page.text).toContain('<h1>Resetting a forgotten password</h1>');
    await support.http().get('/hc/articles/1').expect(404);
    const index = await support.http().get('/hc').expect(200);
    expect(index.text).toContain('<h1>Help centre</h1>');
    expect(index.text).toContain('<a href="/hc/articles/360010000104">Resetting a forgotten password</a>');
  });

  it('when a help-centre page is asked for with a malformed id, a query string or HEAD, then it answers as a page (the contract describes it)', async () => {
    for (const id of ['abc', '1234567890123456', '1']) {
      const missing = await support.http().get(`/hc/articles/${id}`).expect(404).expect('Content-Type', /text\/html/);
      expect(missing.text).toContain('This article does not exist.');
    }
    const tracked = await support.http().get('/hc/articles/360010000104?utm_source=mail').expect(200);
    expect(tracked.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(tracked.headers['x-frame-options']).toBe('DENY');
    await support.http().head('/hc').expect(200).expect('Content-Type', /text\/html/);
  });

  it('when the id is unknown, malformed or missing, then 404, 400 and 400', async () => {
    expect((await support.http().get('/api/zendesk/article?id=42').set(auth).expect(404)).body).toMatchObject({ error: 'not_found', statusCode: 404 });
    expect((await support.http().get('/api/zendesk/article?id=abc').set(auth).expect(400)).body.error).toBe('invalid_request');
    await support.http().get('/api/zendesk/article').set(auth).expect(400);
  });

  it('when no token or an unknown token comes, then 401', async () => {
    await support.http().get('/api/zendesk/article?id=360010000104').expect(401);
    await support.http().get('/api/zendesk/article?id=360010000104').set('Authorization', 'Bearer nope').expect(401);
  });

  it("when the account's access token or a delegation token of another audience comes, then 401 invalid_token naming audience support, as every cloud service answers", async () => {
    const { accessToken } = await support.user();
    const article = (token: string) => support.http().get('/api/zendesk/article?id=360010000104').set('Authorization', `Bearer ${token}`);
    const { body: refused } = await article(accessToken).expect(401);
    expect(refused).toMatchObject({
      error: 'invalid_token',
      error_description: 'This service takes a delegation token of audience "support" (POST /delegation/token?audience=support at the account service); this token is none (an account access token is for the account service only)',
      statusCode: 401,
    });
    const { body: other } = await article(await support.account.delegation(accessToken, 'store')).expect(401);
    expect(other).toMatchObject({
      error: 'invalid_token',
      error_description: 'This delegation token is for audience "store"; this service takes one of audience "support" (POST /delegation/token?audience=support at the account service)',
      statusCode: 401,
    });
  });

  it('when a token grants no account scope, then the account service signs it no support token (403)', async () => {
    const { email } = await support.account.signUp();
    const { access_token } = await support.account.tokens(email, undefined, 'homey');
    const refused = await support.account.http().post('/delegation/token?audience=support').set('Authorization', `Bearer ${access_token}`).send({}).expect(403);
    expect(refused.body.error_description).toBe('This token lacks the scope account.readonly that a token of audience support needs');
  });

  it('when the knowledge base is shipped, then every article has a unique id, a section, a name and a body of several words', () => {
    expect(new Set(KNOWLEDGE_BASE.map((article) => article.id)).size).toBe(KNOWLEDGE_BASE.length);
    for (const article of KNOWLEDGE_BASE) {
      expect(article.section && article.name).toBeTruthy();
      expect(article.body.replace(/<[^>]+>/g, '').split(/\s+/).length).toBeGreaterThan(15);
    }
  });

  it('when the service restarts on its data, then the articles are stored once, as shipped', async () => {
    const again = await createSupportService({ dataDir: support.dataDir, services: { cloudUrl: support.account.url, clientId: 'c', storeUrl: support.url, appsUrl: support.url }, accountKey: support.account.account.keys.publicPem });
    try {
      const { n } = await again.support.db.selectFrom('articles').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(n)).toBe(KNOWLEDGE_BASE.length);
    } finally {
      await again.close();
    }
  });
});
