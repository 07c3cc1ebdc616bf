import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APIError, HubAPIError, TimeoutError } from '../errors.js';
import { createTransport } from './transport.js';

/** A web server that is not a hub: it answers each path as `routes` says, or never. */
async function serve(routes: Record<string, (res: import('node:http').ServerResponse) => void>): Promise<{ url: string; server: Server; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization} ${req.headers['x-homey-id']} ${req.headers['content-type']}`);
    routes[req.url!.split('?')[0]!]?.(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, seen };
}

describe('the HTTP transport and its middleware', () => {
  let web: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    web = await serve({
      '/ok': (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"a":1}'),
      '/text-error': (res) => res.writeHead(502, { 'Content-Type': 'text/plain' }).end('Bad gateway from a proxy'),
      '/message-only': (res) => res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"message":"hidden"}'),
      '/hub-error': (res) =>
        res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not_found","error_description":"Zone not found","statusCode":404}'),
      '/hang': () => undefined,
      '/log/homey:device:D1/homey:device:D1:dim': (res) => res.writeHead(204).end(),
    });
  });
  afterAll(() => {
    web.server.closeAllConnections();
    web.server.close();
  });
  const transport = (timeout = 2000) => createTransport({ baseUrl: web.url, token: 'secret', homeyId: 'hub-1', timeout });

  it('when a call is made, then it carries the bearer token, the hub id and a JSON body for PUT', async () => {
    const { data } = await transport().request('put', '/ok', { body: { x: 1 } });
    expect(data).toEqual({ a: 1 });
    expect(web.seen.at(-1)).toBe('PUT /ok Bearer secret hub-1 application/json');
  });

  it('when a path value holds colons, then they reach the server unencoded', async () => {
    const params = { path: { uri: 'homey:device:D1', id: 'homey:device:D1:dim' } };
    await expect(transport().request('get', '/log/{uri}/{id}', { params })).resolves.toMatchObject({ data: undefined });
    expect(web.seen.at(-1)).toMatch(/^GET \/log\/homey:device:D1\/homey:device:D1:dim /);
  });

  it('when the hub answers an error body, then a HubAPIError carries its status, code and description', async () => {
    const error = await transport().request('get', '/hub-error').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HubAPIError);
    expect(error).toMatchObject({ message: 'Zone not found', statusCode: 404, error: 'not_found', description: 'Zone not found' });
  });

  it('when the answer is not JSON, then its text becomes the error; a body without error fields is an Unknown API Error', async () => {
    await expect(transport().request('get', '/text-error')).rejects.toMatchObject({ message: 'Bad gateway from a proxy', statusCode: 502 });
    await expect(transport().request('get', '/message-only')).rejects.toMatchObject({ message: 'Unknown API Error', statusCode: 500 });
  });

  it('when nothing answers in time, then the call fails with Timeout after {n}ms and status 408', async () => {
    const error = await transport(150).request('get', '/hang').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ message: 'Timeout after 150ms', statusCode: 408 });
  });

  it('when calls are answered, with a body, without one or with an error, then none leaves its deadline timer pending', async () => {
    // Only the global timers the deadline uses are faked: sockets, immediates and ticks stay real.
    jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate'] });
    try {
      const client = transport(10_000);
      await expect(client.request('get', '/ok')).resolves.toMatchObject({ data: { a: 1 } });
      await expect(client.request('get', '/log/{uri}/{id}', { params: { path: { uri: 'homey:device:D1', id: 'homey:device:D1:dim' } } })).resolves.toMatchObject({ data: undefined });
      await expect(client.request('get', '/hub-error')).rejects.toBeInstanceOf(HubAPIError);
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('when nothing listens at the address, then the call fails with Homey Offline and status 500', async () => {
    const closed = await serve({});
    await new Promise((resolve) => closed.server.close(resolve));
    const offline = createTransport({ baseUrl: closed.url, token: 't', timeout: 2000 });
    const error = await offline.request('get', '/ok').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ message: 'Homey Offline', statusCode: 500, description: 'ECONNREFUSED' });
  });
});
