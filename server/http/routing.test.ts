import express from 'express';
import request from 'supertest';
import { apiRoutes, byPath, commonPrefix, expressPath, pathPattern } from './routing.js';
import { operationSpec } from './testing/operation-spec.js';

describe('Routing', () => {
  it('when an OpenAPI path has parameters, then Express routes it by name, a spanning one as its wildcard', () => {
    expect(expressPath('/api/app/{appId}/{path}', 'path')).toBe('/api/app/:appId/*path');
    expect(expressPath('/user/{id}')).toBe('/user/:id');
  });

  it('when a preflight names a path, then the pattern of its operation matches it with or without the last slash', () => {
    expect(pathPattern('/zone/{id}').test('/zone/abc')).toBe(true);
    expect(pathPattern('/zone/{id}').test('/zone/abc/')).toBe(true);
    expect(pathPattern('/zone/{id}').test('/zone/abc/x')).toBe(false);
    expect(pathPattern('/a.b').test('/aXb')).toBe(false);
  });

  it("when an API's paths share static segments before a parameter, then those are its prefix", () => {
    expect(commonPrefix(['/api/manager/zones/zone', '/api/manager/zones/zone/{id}'])).toBe('/api/manager/zones');
    expect(commonPrefix(['/{id}', '/x'])).toBe('');
  });

  it('when operations are sorted, then a literal path comes before the parameter path it also matches', () => {
    const sorted = [operationSpec('put', '/user/{id}'), operationSpec('get', '/user/me')].map((spec) => ({ spec })).sort(byPath);
    expect(sorted.map(({ spec }) => spec.path)).toEqual(['/user/me', '/user/{id}']);
  });

  it('when two APIs share a prefix, then a request tries them in turn, and one outside every prefix goes on', async () => {
    const routes = apiRoutes();
    const router = (name: string, path: string) => express.Router().get(path, (_req, res) => void res.send(name));
    routes.add('first', ['/api/a/x', '/api/a/x/{id}'], router('first', '/api/a/x'));
    routes.add('second', ['/api/a/y', '/api/a/y/{id}'], router('second', '/api/a/y'));
    routes.add('deeper', ['/api/a/y/z/1', '/api/a/y/z/2'], router('deeper', '/api/a/y/z/1'));
    const app = express().use(routes.route).use((_req, res) => void res.status(404).send('none'));
    expect((await request(app).get('/api/a/x')).text).toBe('first');
    expect((await request(app).get('/api/a/y')).text).toBe('second');
    expect((await request(app).get('/api/a/y/z/1')).text).toBe('deeper');
    expect((await request(app).get('/api/b')).text).toBe('none');
  });
});
