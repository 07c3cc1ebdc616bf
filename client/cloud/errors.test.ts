import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APIError, CloudAPIError, NotFoundError, TimeoutError, homeyOffline, redact } from '../errors.js';
import { CloudAPI } from './cloud-api.js';
import { requestToken } from './oauth.js';

/** A misbehaving cloud: each path answers what the test put in `answers` (status, content type, body). */
const answers = new Map<string, [number, string, string]>();
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const [status, type, body] = answers.get(req.url!.split('?')[0]!) ?? [404, 'text/plain', 'nothing here'];
    res.writeHead(status, { 'Content-Type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const SECRET = 'sEcReT-0123456789';
const cloud = () => new CloudAPI({ baseUrl: url, clientId: 'app', clientSecret: SECRET, redirectUrl: 'http://127.0.0.1/cb' });
const json = (status: number, body: unknown): [number, string, string] => [status, 'application/json', JSON.stringify(body)];

describe('the error catalogue (seed 001 §8)', () => {
  it('when a cloud call fails, then the message is the first of error_description, error_message, error, message, result, status text', async () => {
    const cases: [unknown, string][] = [
      [{ error_description: 'Described', error_message: 'm', error: 'e', message: 'x', result: 'r' }, 'Described'],
      [{ error_description: { password: 'Too short', email: 'Taken' } }, 'password: Too short, email: Taken'],
      [{ error_message: 'From error_message', error: 'e' }, 'From error_message'],
      [{ error: 'invalid_thing', message: 'x' }, 'invalid_thing'],
      [{ message: 'From message', result: 'r' }, 'From message'],
      [{ result: 'From result' }, 'From result'],
      [{}, 'Bad Request'],
    ];
    for (const [body, message] of cases) {
      answers.set('/user/me', json(400, body));
      const error = await cloud().account.getAuthenticatedUser().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CloudAPIError);
      expect(error).toMatchObject({ message, statusCode: 400 });
    }
  });

  it('when the token endpoint fails, then the error is error_description or error with the status; an unreadable body, Invalid response from server', async () => {
    answers.set('/oauth2/token', json(400, { error: 'invalid_grant', error_description: 'The code is used' }));
    await expect(cloud().authenticateWithAuthorizationCode({ code: 'c' })).rejects.toMatchObject({ message: 'The code is used', statusCode: 400, error: 'invalid_grant' });
    answers.set('/oauth2/token', json(401, { error: 'invalid_client' }));
    await expect(cloud().authenticateWithClientCredentials()).rejects.toMatchObject({ message: 'invalid_client', statusCode: 401 });
    answers.set('/oauth2/token', [502, 'text/html', '<h1>Bad gateway</h1>']);
    await expect(cloud().authenticateWithClientCredentials()).rejects.toThrow(new APIError('Invalid response from server'));
    answers.set('/oauth2/token', json(200, { nothing: true }));
    await expect(cloud().authenticateWithClientCredentials()).rejects.toThrow('Invalid response from server');
  });

  it('when a message would carry the client secret or a token, then it is redacted', async () => {
    answers.set('/oauth2/token', json(400, { error: 'invalid_client', error_description: `Unknown secret ${SECRET}` }));
    const error = (await cloud().authenticateWithClientCredentials().catch((e: unknown) => e)) as Error;
    expect(error.message).toBe('Unknown secret [redacted]');
    expect(error.stack).not.toContain(SECRET);
    expect(redact(new Error('a t0k b t0k'), ['t0k', undefined]).message).toBe('a [redacted] b [redacted]');
  });

  it('when the defaults are used, then Unknown API Error, Not found 404, Timeout 408, Homey Offline 500 with its reason', () => {
    expect(new APIError()).toMatchObject({ message: 'Unknown API Error', statusCode: undefined });
    expect(new APIError('', 418)).toMatchObject({ message: 'Unknown API Error', statusCode: 418 });
    expect(new NotFoundError('Gone')).toMatchObject({ message: 'Gone', statusCode: 404 });
    expect(new TimeoutError('Timeout after 5ms')).toMatchObject({ statusCode: 408 });
    expect(homeyOffline('ECONNREFUSED')).toMatchObject({ message: 'Homey Offline', statusCode: 500, description: 'ECONNREFUSED' });
  });
});

describe('the validation messages of CloudAPI (seed 001 §5)', () => {
  it('when a required input is missing, then its exact message, before anything is sent', async () => {
    const before = answers.size;
    // @ts-expect-error: what an untyped caller may pass (no client id)
    expect(() => new CloudAPI({ baseUrl: url })).toThrow('Missing Client ID');
    expect(() => new CloudAPI({ baseUrl: 'not a url', clientId: 'a' })).toThrow('Invalid Address');
    await expect(new CloudAPI({ baseUrl: url, clientId: 'a' }).getLoginUrl()).rejects.toThrow('Missing Redirect URL');
    await expect(new CloudAPI({ baseUrl: url, clientId: 'a', clientSecret: 's' }).authenticateWithAuthorizationCode({ code: 'c' })).rejects.toThrow('Missing Redirect URL');
    await expect(cloud().authenticateWithAuthorizationCode({ code: '' })).rejects.toThrow('Missing Code');
    await expect(cloud().authenticateWithPassword({ username: '', password: 'p' })).rejects.toThrow('Missing Username');
    await expect(cloud().authenticateWithPassword({ username: 'u', password: '' })).rejects.toThrow('Missing Password');
    await expect(cloud().authenticateWithRefreshToken()).rejects.toThrow('Missing Refresh Token');
    await expect(new CloudAPI({ baseUrl: url, clientId: 'a' }).authenticateWithClientCredentials()).rejects.toThrow('Missing Client Secret');
    await expect(new CloudAPI({ baseUrl: url, clientId: 'a', redirectUrl: 'http://x/' }).authenticateWithAuthorizationCode({ code: 'c' })).rejects.toThrow('Missing Client Secret');
    // @ts-expect-error: what an untyped caller may pass (no params)
    await expect(cloud().authenticateWithExtendedGrant('urn:x', undefined)).rejects.toThrow('Missing Params');
    await expect(cloud().authenticateWithExtendedGrant('urn:x', {})).rejects.toThrow('Missing Params');
    await expect(requestToken({ baseUrl: url, clientId: 'a' }, { grant_type: '' })).rejects.toThrow('Missing Grant Type');
    // @ts-expect-error: what an untyped caller may pass (no id)
    await expect(cloud().account.getUser({})).rejects.toThrow('Missing Parameter: id');
    // @ts-expect-error: what an untyped caller may pass (a number for the id)
    await expect(cloud().account.getUser({ id: 42 })).rejects.toThrow('Invalid Parameter Type: id. Got: number. Expected: string.');
    expect(answers.size).toBe(before);
  });
});
