import { operations } from '../../generated/support.operations.js';
import { startTestSupport, type TestSupport } from './testing.js';

/** Every operation of the support contract: 401 without a token, 403 without account scopes. */
describe('support back end: contract sweep', () => {
  let support: TestSupport;
  let homeyOnly: string;
  beforeAll(async () => {
    support = await startTestSupport();
    const { email } = await support.account.signUp();
    homeyOnly = (await support.account.tokens(email, undefined, 'homey')).access_token;
  });
  afterAll(() => support.stop());

  const all = Object.entries(operations);
  const call = (method: string, path: string) => {
    const http = support.http();
    const url = path.replace(/\{\w+\}/g, '1234567890123456');
    return method === 'get' ? http.get(url) : method === 'post' ? http.post(url) : http.delete(url);
  };

  it.each(all.filter(([, spec]) => spec.auth === 'token'))('when %s is called without a token, then 401', async (_id, spec) => {
    expect((await call(spec.method, spec.path).expect(401)).body).toMatchObject({ error: 'unauthorized', statusCode: 401 });
  });

  it.each(all.filter(([, spec]) => spec.scopes.length))('when %s is called without account scopes, then 403', async (_id, spec) => {
    const res = await call(spec.method, spec.path).set('Authorization', `Bearer ${homeyOnly}`).expect(403);
    expect(res.body.error).toBe('insufficient_scope');
  });

  it('when an /api path is not in the contract, then a JSON 404 rather than the form', async () => {
    expect((await support.http().get('/api/zendesk/nope').expect(404)).body.error).toBe('not_found');
  });
});
