import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { requestLog } from './request-log.js';

/** An app logging into `lines` at `level`: an answer, a refusal and a failure. */
function loggedApp(level: string) {
  const lines: Array<Record<string, any>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const requests = requestLog(pino({ level }, sink));
  const app = express();
  app.use((req, res, next) => {
    requests.begin(req, res);
    next();
  });
  app.get('/ok', (_req, res) => void res.json(true));
  app.get('/missing', (req, res) => {
    requests.failed(req, res, { statusCode: 404 });
    res.status(404).json({});
  });
  app.get('/broken', async (req, res) => {
    // Taken up late, the duration still counts from the request's start.
    await new Promise((resolve) => setTimeout(resolve, 30));
    requests.failed(req, res, { statusCode: 500 }, Object.assign(new Error('disk full'), { token: 'secret-of-the-error', cause: { password: 'secret-below' } }));
    res.status(500).json({});
  });
  return { app, lines };
}

describe('request log (pino-http)', () => {
  it('when a request fails, then one line tells its id, method, path, status and duration, never its query, token or a secret the error holds', async () => {
    const { app, lines } = loggedApp('info');
    const res = await request(app).get('/broken?token=one-time-secret').set('Authorization', 'Bearer secret-token').expect(500);
    await request(app).get('/missing').expect(404);
    expect(lines).toHaveLength(2);
    const [broken, missing] = lines;
    expect(broken).toMatchObject({ level: 50, req: { id: res.headers['x-request-id'], method: 'GET', path: '/broken' }, res: { statusCode: 500 }, err: { message: 'disk full' } });
    expect(broken!.responseTime).toBeGreaterThanOrEqual(25);
    expect(missing).toMatchObject({ level: 40, res: { statusCode: 404 } });
    expect(JSON.stringify(lines)).not.toMatch(/secret/);
  });

  it("when a caller sends its own X-Request-Id, then it is kept; a malformed one is replaced by a new id", async () => {
    const { app } = loggedApp('info');
    expect((await request(app).get('/ok').set('X-Request-Id', 'abc-123')).headers['x-request-id']).toBe('abc-123');
    expect((await request(app).get('/ok').set('X-Request-Id', 'a b\u00e9')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when requests are answered, then they are logged only at debug, and a failure once', async () => {
    const quiet = loggedApp('info');
    await request(quiet.app).get('/ok').expect(200);
    expect(quiet.lines).toHaveLength(0);
    const verbose = loggedApp('debug');
    await request(verbose.app).get('/ok').expect(200);
    await request(verbose.app).get('/missing').expect(404);
    expect(verbose.lines).toMatchObject([{ level: 20, res: { statusCode: 200 } }, { level: 40, res: { statusCode: 404 } }]);
    expect(verbose.lines).toHaveLength(2);
  });
});
