import { operations } from '../../../generated/cloud/account.operations.js';
import { rawOperations } from './api.js';
import { startTestAccount, type TestAccount } from './testing/test-account.js';

/** Every JSON operation of the contract: 401 without a token, 403 without its scope, 400 for a malformed id. */
describe('account service: contract sweep', () => {
  let cloud: TestAccount;
  let homeyOnly: string;
  beforeAll(async () => {
    cloud = await startTestAccount();
    const { email } = await cloud.signUp();
    homeyOnly = (await cloud.tokens(email, undefined, 'homey')).access_token;
  });
  afterAll(() => cloud.stop());

  const swept = Object.entries(operations).filter(([id]) => !Object.hasOwn(rawOperations, id));
  const call = (method: string, path: string) => {
    const http = cloud.http();
    return method === 'get' ? http.get(path) : method === 'put' ? http.put(path) : method === 'post' ? http.post(path) : http.delete(path);
  };
  const pathOf = (path: string, id: string) => path.replace(/\{\w+\}/g, id);

  it.each(swept.filter(([, spec]) => spec.auth === 'token'))('when %s is called without a token, then 401', async (_id, spec) => {
    const res = await call(spec.method, pathOf(spec.path, '0123456789abcdef01234567')).expect(401);
    expect(res.body).toMatchObject({ error: 'unauthorized', statusCode: 401 });
  });

  it.each(swept.filter(([, spec]) => spec.scopes.length))('when %s is called without its scope, then 403', async (_id, spec) => {
    const res = await call(spec.method, pathOf(spec.path, '0123456789abcdef01234567')).set('Authorization', `Bearer ${homeyOnly}`).expect(403);
    expect(res.body.error).toBe('insufficient_scope');
  });

  it.each(swept.filter(([, spec]) => spec.pathParams.length))('when %s is called with a malformed id, then 400', async (_id, spec) => {
    const { email } = await cloud.signUp();
    const token = (await cloud.tokens(email)).access_token;
    const res = await call(spec.method, pathOf(spec.path, 'not-an-id')).set('Authorization', `Bearer ${token}`).send({}).expect(400);
    expect(res.body.error).toBe('invalid_request');
  });
});
