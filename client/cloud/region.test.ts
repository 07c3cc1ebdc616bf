import { APP, startTestAccount, type TestAccount } from '../../server/cloud/account/testing/test-account.js';
import { CloudAPIError } from '../errors.js';
import { CloudAPI } from './cloud-api.js';
import { CloudRegionAPI } from './region.js';

const SECRET = 'operators-only-secret';

describe('CloudRegionAPI against the real account service', () => {
  let named: TestAccount;
  let unnamed: TestAccount;
  beforeAll(async () => {
    [named, unnamed] = await Promise.all([startTestAccount({ region: 'eu', statusSecret: SECRET }), startTestAccount()]);
  });
  afterAll(() => Promise.all([named.stop(), unnamed.stop()]));

  it('when the deployment names a region, then getRegion answers it; the account client reads the same root', async () => {
    await expect(new CloudRegionAPI({ baseUrl: named.url }).getRegion()).resolves.toBe('eu');
    const cloud = new CloudAPI({ baseUrl: named.url, clientId: APP.id, clientSecret: APP.secret });
    await expect(cloud.account.getRegion()).resolves.toEqual({ region: 'eu' });
  });

  it('when the deployment names no region, then Missing Region', async () => {
    await expect(new CloudRegionAPI({ baseUrl: unnamed.url }).getRegion()).rejects.toThrow(new Error('Missing Region'));
  });

  it('when the status is asked with the secret, then the health; without one, Missing Parameter before any call', async () => {
    await expect(new CloudRegionAPI({ baseUrl: named.url, secret: SECRET }).getSystemStatus()).resolves.toMatchObject({ status: 'ok', database: 'ok', region: 'eu' });
    await expect(new CloudRegionAPI({ baseUrl: named.url }).getSystemStatus()).rejects.toThrow(new Error('Missing Parameter: X-Cloud-Secret'));
  });

  it('when the secret is wrong, then a CloudAPIError 403 that does not repeat the secret', async () => {
    const error = await new CloudRegionAPI({ baseUrl: named.url, secret: 'guess-guess' }).getSystemStatus().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CloudAPIError);
    expect(error).toMatchObject({ statusCode: 403, message: 'Wrong X-Cloud-Secret' });
    expect(JSON.stringify(error)).not.toContain('guess-guess');
  });

  it('when the address is not a URL, then Invalid Address', () => {
    expect(() => new CloudRegionAPI({ baseUrl: 'region' })).toThrow(new TypeError('Invalid Address'));
  });
});
