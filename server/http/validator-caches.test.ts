import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { RequestValidator } from 'express-openapi-validator/dist/middlewares/openapi.request.validator.js';
import request from 'supertest';

/**
 * The caches patches/express-openapi-validator+5.6.2.patch adds to the validator, seen on a bare Express app with
 * the validator alone (the kernel normalises the Content-Type first: router.test.ts).
 */
describe('express-openapi-validator, as patched', () => {
  const app = express();
  app.use(
    OpenApiValidator.middleware({
      apiSpec: {
        openapi: '3.1.0',
        info: { title: 'caches', version: '1' },
        paths: { '/ping': { post: { responses: { '204': { description: 'Pong' } } } } },
      } as never,
      validateApiSpec: false,
      validateRequests: true,
    }) as express.RequestHandler[],
  );
  app.post('/ping', (_req, res) => void res.status(204).end());

  it('when more raw Content-Type headers come to an operation than it remembers, then it starts over rather than keep each', async () => {
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
