import express from 'express';
import request from 'supertest';
import type { OperationSpec } from '../../generated/manifest.js';
import { BEARER, namedArgs } from './operation-stages.js';

/** An operation as the generated manifests describe one; each test names what it changes. */
const spec = (more: Partial<OperationSpec>): OperationSpec => ({
  method: 'put', path: '/thing/{id}', auth: 'token', scopes: [], private: false, crud: null,
  pathParams: ['id'], queryParams: [], body: null, args: [], status: 200, ...more,
});

/** The named arguments the stage hands the handler for a real request through Express. */
async function argsOf(operation: OperationSpec, call: (app: request.Agent) => request.Test): Promise<Record<string, unknown>> {
  const app = express();
  app.use(express.json());
  app.all('/thing/:id', (req, res) => void res.json(namedArgs(operation, req, {})));
  return (await call(request.agent(app)).expect(200)).body;
}

describe('the operation stage that names a call\'s arguments', () => {
  it('when a call has path, query and header arguments, then each comes by its contract name, and a query parameter the operation does not name is left out', async () => {
    const operation = spec({ queryParams: ['since'], args: [{ name: 'X-Homey-Trace', in: 'header', required: false }] });
    const args = await argsOf(operation, (app) => app.put('/thing/a1?since=3&other=4').set('X-Homey-Trace', 't'));
    expect(args).toEqual({ id: 'a1', since: '3', 'X-Homey-Trace': 't' });
  });

  it('when the body is taken field by field, then only the named fields come, and a body taken whole comes as it was sent', async () => {
    const fields = spec({ body: { kind: 'fields', names: ['value', 'opts'], required: true } });
    expect(await argsOf(fields, (app) => app.put('/thing/b2').send({ value: 0.5, opts: { duration: 2000 }, extra: true })))
      .toEqual({ id: 'b2', value: 0.5, opts: { duration: 2000 } });
    const whole = spec({ body: { kind: 'root', name: 'flow', required: true } });
    expect(await argsOf(whole, (app) => app.put('/thing/c3').send({ name: 'Morning', cards: [] }))).toEqual({ id: 'c3', flow: { name: 'Morning', cards: [] } });
  });

  it('when an Authorization header is read, then a bearer token is taken in any case with spaces or tabs around it, and nothing else is', () => {
    expect(BEARER.exec('Bearer abc')?.[1]).toBe('abc');
    expect(BEARER.exec('bearer\tabc \t')?.[1]).toBe('abc');
    expect(BEARER.exec('Basic abc')).toBeNull();
    expect(BEARER.exec('Bearer a b')).toBeNull();
    expect(BEARER.exec('Bearer')).toBeNull();
  });
});
