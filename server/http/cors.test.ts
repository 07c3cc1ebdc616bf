import express from 'express';
import request from 'supertest';
import { cors } from './cors.js';
import { HostAllowList } from './hosts.js';
import { operationSpec } from './testing/operation-spec.js';

describe('CORS', () => {
  const login = operationSpec('post', '/login');
  const zones = operationSpec('get', '/zone/{id}');
  const access = cors({ hosts: new HostAllowList(['hub.local']), ownOrigins: new Set([login]), exposed: ['X-Homey-ID'] });
  access.add(login);
  access.add(zones);
  const app = express()
    .options('/*path', access.preflight)
    .post('/login', (req, res) => void (access.allowOrigin(req, res, login), res.end()))
    .get('/zone/:id', (req, res) => void (access.allowOrigin(req, res, zones), res.end()));

  it('when a page of any origin calls an operation, then any origin is allowed and the fixed headers are exposed', async () => {
    const res = await request(app).get('/zone/1').set('Origin', 'https://elsewhere.example').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toBe('X-Homey-ID, ETag, WWW-Authenticate, Retry-After, X-Request-Id');
  });

  it('when a page calls a password operation, then only pages of the own hosts are allowed, by name, varying by Origin', async () => {
    const own = await request(app).post('/login').set('Origin', 'http://hub.local').expect(200);
    expect(own.headers['access-control-allow-origin']).toBe('http://hub.local');
    const foreign = await request(app).post('/login').set('Origin', 'https://evil.example').expect(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.headers.vary).toBe('Origin');
    const sandboxed = await request(app).post('/login').set('Origin', 'null').expect(200);
    expect(sandboxed.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('when a preflight names a known operation, then its method is allowed; for an unknown one it is not', async () => {
    const known = await request(app).options('/zone/1/').set('Origin', 'https://a.example').set('Access-Control-Request-Method', 'GET').set('Access-Control-Request-Headers', 'authorization').expect(204);
    expect(known.headers).toMatchObject({ 'access-control-allow-methods': 'GET', 'access-control-allow-headers': 'authorization', 'access-control-max-age': '600' });
    const unknown = await request(app).options('/zone/1').set('Origin', 'https://a.example').set('Access-Control-Request-Method', 'DELETE').expect(204);
    expect(unknown.headers['access-control-allow-methods']).toBeUndefined();
    const password = await request(app).options('/login').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'POST').expect(204);
    expect(password.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('when a request has no Origin (not from a page), then no CORS header is added', async () => {
    const res = await request(app).get('/zone/1').expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
