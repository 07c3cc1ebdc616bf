import { startTestAccount, type TestAccount } from './testing/test-account.js';

const SECRET = 'operators-only-secret';

describe('the region and status of the account service', () => {
  let named: TestAccount;
  let unnamed: TestAccount;
  beforeAll(async () => {
    [named, unnamed] = await Promise.all([startTestAccount({ region: 'eu', statusSecret: SECRET }), startTestAccount()]);
  });
  afterAll(() => Promise.all([named.stop(), unnamed.stop()]));

  it('when the root is read, then the configured region, or null when the deployment names none', async () => {
    await named.http().get('/').expect(200, { region: 'eu' });
    await unnamed.http().get('/').expect(200, { region: null });
  });

  it('when the status is asked with the secret, then the service, its database, region and uptime', async () => {
    const { body } = await named.http().get('/api/system/status').set('X-Cloud-Secret', SECRET).expect(200);
    expect(body).toEqual({ status: 'ok', database: 'ok', region: 'eu', uptime: expect.any(Number) });
  });

  it('when the status is asked without the secret, then 401; with another, or of a deployment without one, 403', async () => {
    const missing = await named.http().get('/api/system/status').expect(401);
    expect(missing.body).toMatchObject({ error: 'unauthorized', error_description: 'X-Cloud-Secret is required' });
    const wrong = await named.http().get('/api/system/status').set('X-Cloud-Secret', 'guess').expect(403);
    expect(wrong.body).toMatchObject({ error: 'forbidden', error_description: 'Wrong X-Cloud-Secret' });
    await unnamed.http().get('/api/system/status').set('X-Cloud-Secret', SECRET).expect(403);
  });
});
