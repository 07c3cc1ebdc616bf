import { connect } from 'node:net';
import { bearer, startTestHub, type TestHub } from '../hub/testing/test-hub.js';

/** The status line of a request written by hand: what a client library would never send. */
function rawStatus(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer.split('\r\n')[0]!));
    socket.on('error', reject);
  });
}

/** The kernel's defences around every operation, seen through a production-mode hub. */
describe('HTTP and socket kernel: hosts, CORS, tokens, and the order of checks', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub({ development: false, hostNames: ['hub.example.home'] });
  });
  afterAll(() => hub.stop());

  describe('Host allow-list (DNS rebinding)', () => {
    it('when Host is a foreign name, then 421 with the error body, on the API and the socket', async () => {
      const res = await hub.http().get('/api/manager/system/ping').set('Host', 'evil.example').expect(421);
      expect(res.body).toMatchObject({ error: 'misdirected_request', statusCode: 421 });
      await hub.http().get('/api/manager/zones/zone').set('Host', 'evil.example:4859').set(bearer(hub.token)).expect(421);
      await hub.http().get('/socket.io/?EIO=4&transport=polling').set('Host', 'evil.example').expect(403);
    });

    it("when Host is a foreign name, then the 421 tells nothing of the hub: no X-Homey-ID, no version", async () => {
      const res = await hub.http().get('/api/manager/system/ping').set('Host', 'evil.example').expect(421);
      expect(res.headers['x-homey-id']).toBeUndefined();
      expect(res.headers['x-homey-version']).toBeUndefined();
      expect(res.headers['x-homey-tier']).toBeUndefined();
    });

    it('when a request carries two Host lines, then 400 (RFC 9112 §3.2), whichever comes first', async () => {
      const ping = (hosts: string[]) => `GET /api/manager/system/ping HTTP/1.1\r\n${hosts.map((host) => `Host: ${host}\r\n`).join('')}Connection: close\r\n\r\n`;
      expect(await rawStatus(hub.url, ping(['localhost', 'evil.example']))).toMatch(/^HTTP\/1\.1 400 /);
      expect(await rawStatus(hub.url, ping(['localhost', 'localhost']))).toMatch(/^HTTP\/1\.1 400 /);
      expect(await rawStatus(hub.url, ping(['localhost']))).toMatch(/^HTTP\/1\.1 200 /);
    });

    it("when Host is the hub's address, localhost, its mDNS name or a configured name, then it answers", async () => {
      for (const host of ['127.0.0.1', 'localhost:4859', `${hub.hub.id}.local`, 'hub.example.home']) {
        await hub.http().get('/api/manager/system/ping').set('Host', host).expect(200);
      }
      await hub.http().get('/socket.io/?EIO=4&transport=polling').set('Host', 'localhost').expect(200);
    });
  });

  describe('CORS', () => {
    it('when a page of any origin calls with a bearer token, then * is allowed without credentials and the hub headers are exposed', async () => {
      const res = await hub.http().get('/api/manager/zones/zone').set('Origin', 'https://dashboard.example').set(bearer(hub.token)).expect(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers['access-control-expose-headers']).toMatch(/X-Homey-ID/);
    });

    it('when a foreign page preflights the password login, then it is not allowed; a page of the hub is', async () => {
      const preflight = (origin: string) =>
        hub.http().options('/api/manager/users/login-local').set('Origin', origin).set('Access-Control-Request-Method', 'POST')
          .set('Access-Control-Request-Headers', 'content-type').expect(204);
      expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
      const own = await preflight('http://localhost:4860');
      expect(own.headers['access-control-allow-origin']).toBe('http://localhost:4860');
      expect(own.headers.vary).toMatch(/Origin/);
      const call = await hub.http().post('/api/manager/users/login-local').set('Origin', 'https://evil.example')
        .send({ username: 'a', password: 'b', clientId: 'c', clientName: 'd' });
      expect(call.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('when a page opens the socket, then its origin is not given credentials', async () => {
      const res = await hub.http().get('/socket.io/?EIO=4&transport=polling').set('Origin', 'https://evil.example').expect(200);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers['access-control-allow-origin']).toBe('*');
    });
  });

  describe('tokens and the order of checks', () => {
    it.each(['bearer', 'BEARER', 'Bearer', 'bEaReR'])('when the scheme is written %s, then the token is accepted (RFC 7235)', async (scheme) => {
      await hub.http().get('/api/manager/zones/zone').set('Authorization', `${scheme} ${hub.token}`).expect(200);
    });

    it('when another scheme comes, then 401 as without a token', async () => {
      const res = await hub.http().get('/api/manager/zones/zone').set('Authorization', `Basic ${hub.token}`).expect(401);
      expect(res.body.error).toBe('unauthorized');
    });

    it('when a body comes without a token, then 401 before the body is read: broken, oversized or too deep', async () => {
      const post = () => hub.http().post('/api/manager/zones/zone').set('Content-Type', 'application/json');
      expect((await post().send('{"name":').expect(401)).body.error).toBe('unauthorized');
      await post().send(JSON.stringify({ name: 'x'.repeat(2_000_000) })).expect(401);
      await post().send(`${'['.repeat(10_000)}${']'.repeat(10_000)}`).expect(401);
    });

    it('when a path is unknown, then 404 without reading its body', async () => {
      const res = await hub.http().post('/api/manager/nothing').set(bearer(hub.token)).set('Content-Type', 'application/json')
        .send(JSON.stringify({ a: 'x'.repeat(2_000_000) })).expect(404);
      expect(res.body.error).toBe('not_found');
    });

    it('when the body is not JSON, then 415; when it is JSON of the wrong charset, then 415', async () => {
      const post = () => hub.http().post('/api/manager/zones/zone').set(bearer(hub.token));
      await post().set('Content-Type', 'text/plain').send('name=x').expect(415);
      await post().set('Content-Type', 'application/json; charset=latin1').send('{}').expect(415);
    });
  });
});
