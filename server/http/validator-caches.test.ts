import { createRequire } from 'node:module';
import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { RequestValidator } from 'express-openapi-validator/dist/middlewares/openapi.request.validator.js';
import request from 'supertest';

/**
 * patches/express-openapi-validator+5.6.2.patch: what it changes is speed only, each part something upstream could
 * take as it is. Each test names the validator's own behaviour the part relies on, and fails when the part is not
 * applied (the counts it checks are those of the unpatched validator then). Seen on a bare Express app with the
 * validator alone (the kernel normalises the Content-Type first: router.test.ts).
 */
const validatorRequire = createRequire(require.resolve('express-openapi-validator'));
const pathToRegexp = validatorRequire('path-to-regexp') as { pathToRegexp(...args: unknown[]): unknown };
const schemaValidator = validatorRequire('./framework/openapi.schema.validator') as { OpenAPISchemaValidator: new (...args: unknown[]) => unknown };
const { referencedDocument } = validatorRequire('./middlewares/util') as { referencedDocument(doc: object, schema: object): object };
const Ajv2020 = (validatorRequire('ajv/dist/2020') as { default: { prototype: { getSchema(ref: string): unknown } } }).default;

const document = () => ({
  openapi: '3.1.0',
  info: { title: 'caches', version: '1' },
  paths: {
    '/ping': { post: { responses: { '204': { description: 'Pong' } } } },
    '/user/me': { get: { responses: { '204': { description: 'Me' } } } },
    '/user/{id}': {
      put: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } },
        responses: { '204': { description: 'Saved' } },
      },
    },
  },
  components: { schemas: { User: { type: 'object', properties: { name: { type: 'string' } } } } },
});

/** A bare app with the validator; each answer says whether the validator handed over in the request's own turn. */
function bareApp() {
  const app = express();
  const chain = OpenApiValidator.middleware({ apiSpec: document() as never, validateApiSpec: false, validateRequests: true }) as express.RequestHandler[];
  app.use(express.json());
  app.use((req, res, next) => {
    let sameTurn = true;
    const run = (index: number): void => {
      if (index === chain.length) {
        res.locals.sameTurn = sameTurn;
        return next();
      }
      void chain[index]!(req, res, (error?: unknown) => (error ? next(error) : run(index + 1)));
    };
    run(0);
    sameTurn = false;
  });
  app.post('/ping', (_req, res) => void res.status(204).end());
  app.get('/user/me', (req, res) => void res.json({ sameTurn: res.locals.sameTurn, ownQuery: Object.hasOwn(req, 'query') }));
  app.put('/user/:id', (_req, res) => void res.status(204).end());
  return app;
}

describe('express-openapi-validator, as patched', () => {
  it('when the document is not to be checked (validateApiSpec: false), then the OpenAPI schema validator is never built', async () => {
    const built = jest.spyOn(schemaValidator, 'OpenAPISchemaValidator');
    try {
      await request(bareApp()).get('/user/me').expect(200);
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });

  it('when requests come, then each path of the document is compiled to its matcher once (per routing options), not per request', async () => {
    const app = bareApp();
    await request(app).get('/user/me').expect(200);
    const compiled = jest.spyOn(pathToRegexp, 'pathToRegexp');
    try {
      for (let n = 0; n < 5; n++) await request(app).put(`/user/u${n}`).send({ name: 'Ann' }).expect(204);
      expect(compiled).not.toHaveBeenCalled();
    } finally {
      compiled.mockRestore();
    }
  });

  it("when a schema refers into the document (#/components/...), then the reference is read from the document, Ajv compiling nothing for it", async () => {
    const lookups = jest.spyOn(Ajv2020.prototype, 'getSchema');
    try {
      const app = bareApp();
      await request(app).put('/user/u1').send({ name: 7 }).expect(400);
      expect(lookups.mock.calls.filter(([ref]) => ref.startsWith('#/'))).toEqual([]);
    } finally {
      lookups.mockRestore();
    }
  });

  it('when an operation is compiled, then the schemas handed to Ajv carry only the components they refer to, not the whole document', async () => {
    // User refers to Name; Unused is referred to by nothing: compiling walks what is attached, for ids and anchors.
    const spec = document();
    spec.paths['/user/{id}'] = {
      ...spec.paths['/user/{id}'],
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'The user', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } },
      },
    } as (typeof spec.paths)['/user/{id}'];
    const components = {
      schemas: {
        User: { type: 'object', properties: { name: { $ref: '#/components/schemas/Name' } } },
        Name: { type: 'string', maxLength: 8 },
        Unused: { type: 'object', properties: { user: { $ref: '#/components/schemas/User' } } },
      },
    };
    const app = express();
    app.use(express.json());
    app.use(OpenApiValidator.middleware({ apiSpec: { ...spec, components } as never, validateApiSpec: false, validateRequests: true, validateResponses: true }));
    app.put('/user/:id', (_req, res) => void res.status(204).end());
    app.get('/user/:id', (_req, res) => void res.json({ name: 'Ann' }));
    app.use((error: { status: number; message: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(error.status).json({ message: error.message }));
    const added = jest.spyOn(Ajv2020.prototype as unknown as { addSchema(schema: unknown): unknown }, 'addSchema');
    try {
      const res = await request(app).put('/user/u1').send({ name: 'a long name' }).expect(400);
      expect(res.body.message).toBe('request/body/name must NOT have more than 8 characters');
      await request(app).put('/user/u1').send({ name: 'Ann' }).expect(204);
      await request(app).get('/user/u1').expect(200);
      // The operation's own schemas (its parameters and body, its answers), not the document's, added one by one.
      type Compiled = { paths?: unknown; components?: { schemas?: Record<string, unknown> }; properties?: Record<string, unknown> };
      const operations = added.mock.calls.map(([schema]) => schema as Compiled).filter(({ properties }) => properties && ('params' in properties || 'response' in properties));
      expect(operations.length).toBeGreaterThan(0);
      for (const schema of operations) {
        expect(schema.paths).toBeUndefined();
        expect(Object.keys(schema.components?.schemas ?? {}).filter((name) => name !== 'User' && name !== 'Name')).toEqual([]);
      }
      expect(operations.filter((schema) => schema.components?.schemas?.Name).map(({ properties }) => Object.keys(properties!).includes('response'))).toEqual([false, true]);
    } finally {
      added.mockRestore();
    }
  });

  it.each([
    ['by an id', { $ref: 'https://example.test/user' }],
    ['into a part of the document other than its paths and components', { $ref: '#/info' }],
    ['to nothing', { $ref: '#/components/schemas/Nobody' }],
    ['to a schema with an id of its own (references inside resolve against it)', { $ref: '#/components/schemas/Identified' }],
  ])('when a schema refers %s, then the whole document goes along, as before the patch', (_how, schema) => {
    const spec = { ...document(), components: { schemas: { ...document().components.schemas, Identified: { $id: 'https://example.test/identified', type: 'string' } } } };
    expect(referencedDocument(spec, { properties: { body: schema } })).toEqual({ paths: spec.paths, components: spec.components });
  });

  it('when the document is loaded, then the validator hands a request over in its own turn, not a promise turn per middleware later', async () => {
    const app = bareApp();
    await request(app).get('/user/me').expect(200);
    const { body } = await request(app).get('/user/me').expect(200);
    expect(body.sameTurn).toBe(true);
  });

  it('when an operation without query parameters is called without a query string, then the request keeps its own query getter (nothing to parse)', async () => {
    const app = bareApp();
    expect((await request(app).get('/user/me').expect(200)).body.ownQuery).toBe(false);
  });

  it('when more raw Content-Type headers come to an operation than it remembers, then it starts over rather than keep each', async () => {
    const app = bareApp();
    const ping = (type: string) => request(app).post('/ping').set('Content-Type', type).expect(204);
    const lookups = jest.spyOn(RequestValidator.prototype as unknown as { middlewareFor(): unknown }, 'middlewareFor');
    try {
      const remembered = RequestValidator.contentTypesPerOperation;
      for (let n = 0; n <= remembered; n++) await ping(`text/plain; n=${n}`);
      expect(lookups).toHaveBeenCalledTimes(remembered + 1);
      // The last one is remembered; the first was forgotten when the map started over.
      await ping(`text/plain; n=${remembered}`);
      expect(lookups).toHaveBeenCalledTimes(remembered + 1);
      await ping('text/plain; n=0');
      expect(lookups).toHaveBeenCalledTimes(remembered + 2);
    } finally {
      lookups.mockRestore();
    }
  });
});
