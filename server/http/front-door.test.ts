import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import request from 'supertest';
import { ApiError } from './errors.js';
import { frontDoor, kernelExpress, serverOptions } from './front-door.js';
import { HostAllowList } from './hosts.js';
import { requestLog } from './request-log.js';

describe('The front door', () => {
  const app = kernelExpress();
  frontDoor(app, {
    hosts: new HostAllowList(['hub.local']),
    headers: { 'X-Homey-ID': 'hub-1', 'X-Counter': () => 'read per answer' },
    requests: requestLog(),
    preflight: (_req, res) => void res.status(204).setHeader('X-Preflight', 'yes').end(),
    route: (req, res, next) => {
      if (req.path === '/api/ok') return void res.json({ ok: true });
      if (req.path === '/api/refused') return next(new ApiError(409, 'conflict', 'Taken'));
      next();
    },
    fallback: (_req, res) => void res.type('text').send('docs'),
    development: false,
  });

  it('when a route answers, then the fixed headers come with it, a function read per answer, and no ETag of Express', async () => {
    const res = await request(app).get('/api/ok').set('Host', 'hub.local').expect(200, { ok: true });
    expect(res.headers).toMatchObject({ 'x-homey-id': 'hub-1', 'x-counter': 'read per answer' });
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('when the Host is not one of the names answered, then 421 and no fixed header', async () => {
    const res = await request(app).get('/api/ok').set('Host', 'evil.example').expect(421);
    expect(res.body).toMatchObject({ error: 'misdirected_request', statusCode: 421 });
    expect(res.headers['x-homey-id']).toBeUndefined();
  });

  it('when a request has two Host lines, then 400', async () => {
    const server = createServer(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
        socket.end('GET /api/ok HTTP/1.1\r\nHost: hub.local\r\nHost: evil.example\r\nConnection: close\r\n\r\n');
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('More than one Host header');
    } finally {
      server.close();
    }
  });

  it('when a stage fails, then the one error body; when nothing answers under /api/, then a JSON 404; elsewhere, the fallback', async () => {
    await request(app).get('/api/refused').set('Host', 'hub.local').expect(409, { error: 'conflict', error_description: 'Taken', statusCode: 409 });
    await request(app).get('/api/nothing').set('Host', 'hub.local').expect(404, { error: 'not_found', error_description: 'Not found: GET /api/nothing', statusCode: 404 });
    expect((await request(app).get('/manual').set('Host', 'hub.local').expect(200)).text).toBe('docs');
  });

  it("when its server makes a request, then the request and its answer are born with the app's prototypes, which Express then leaves as they are", async () => {
    const server = createServer(serverOptions(app), app).listen(0, '127.0.0.1');
    // Seen before the app runs: Express's own swap (app.handle) would hide a request born with node:http's.
    const born: boolean[] = [];
    server.prependListener('request', (req, res) => born.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response));
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      await request(server).get('/api/ok').set('Host', 'hub.local').expect(200, { ok: true });
      expect(born).toEqual([true, true]);
      // Any other listener's server is node:http's own.
      expect(serverOptions(() => undefined)).toEqual({});
    } finally {
      server.close();
    }
  });

  it('when a preflight comes, then the preflight stage answers it', async () => {
    await request(app).options('/api/ok').set('Host', 'hub.local').expect(204).expect('X-Preflight', 'yes');
  });
});
