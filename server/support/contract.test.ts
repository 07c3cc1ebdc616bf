import { operations } from '../../generated/support.operations.js';
import { startTestSupport, type TestSupport } from './testing.js';

/** Every operation of the support contract that takes a token: 401 without one, and 401 for the account's access token. */
describe('support back end: contract sweep', () => {
  let support: TestSupport;
  let accessToken: string;
  beforeAll(async () => {
    support = await startTestSupport();
    ({ accessToken } = await support.user());
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

  it.each(all.filter(([, spec]) => spec.auth === 'token'))("when %s is called with the account's access token, then 401 invalid_token asking for audience support", async (_id, spec) => {
    const res = await call(spec.method, spec.path).set('Authorization', `Bearer ${accessToken}`).expect(401);
    expect(res.body).toMatchObject({ error: 'invalid_token', error_description: expect.stringContaining('takes a delegation token of audience "support"') });
  });

  it('when an /api path is not in the contract, then a JSON 404 rather than the form', async () => {
    expect((await support.http().get('/api/zendesk/nope').expect(404)).body.error).toBe('not_found');
  });
});
