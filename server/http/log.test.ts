import { Writable } from 'node:stream';
import { createLogger, logLevel } from './log.js';

/** A logger at `level` whose lines are kept, parsed, in `lines`. */
function capture(level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>));
      done();
    },
  });
  return { logger: createLogger(sink, level), lines };
}

describe('the logger (server/http/log.ts)', () => {
  it("when LOG_LEVEL is one of pino's levels, then it is the level; unset or another word, info, or silent under jest", () => {
    expect(logLevel({ LOG_LEVEL: 'debug', JEST_WORKER_ID: '1' })).toBe('debug');
    expect(logLevel({})).toBe('info');
    expect(logLevel({ JEST_WORKER_ID: '1' })).toBe('silent');
    // Not a level of pino's: left to npm start's settings check to name, never thrown while the logger is made.
    expect(logLevel({ LOG_LEVEL: 'verbose' })).toBe('info');
    expect(logLevel({ LOG_LEVEL: 'silent' })).toBe('silent');
  });

  it('when a request, a body or an error carrying credentials is logged, then every credential is redacted and the rest kept', () => {
    const { logger, lines } = capture();
    logger.info({
      req: { method: 'POST', url: '/oauth2/token', headers: { authorization: 'Basic ZGVtbzpzM2NyZXQ=', cookie: 'sid=1', 'x-cloud-secret': 'ops', host: 'hub.local' } },
      res: { statusCode: 200, headers: { 'set-cookie': 'sid=2' } },
      body: { username: 'demo@example.com', password: 'hunter2', client_secret: 'abc' },
      answer: { access_token: 'a1', refresh_token: 'r1', token_type: 'bearer' },
    }, 'signed in');
    logger.error({ err: Object.assign(new Error('refused'), { code: 'ECONNREFUSED', token: 'pat-1' }), password: 'top' }, 'failed');
    const text = JSON.stringify(lines);
    for (const secret of ['ZGVtbzpzM2NyZXQ=', 'sid=1', 'sid=2', '"ops"', 'hunter2', '"abc"', '"a1"', '"r1"', 'pat-1', '"top"']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({
      msg: 'signed in',
      req: { method: 'POST', url: '/oauth2/token', headers: { authorization: '[redacted]', cookie: '[redacted]', 'x-cloud-secret': '[redacted]', host: 'hub.local' } },
      body: { username: 'demo@example.com', password: '[redacted]', client_secret: '[redacted]' },
      answer: { access_token: '[redacted]', refresh_token: '[redacted]', token_type: 'bearer' },
    });
    expect(lines[1]).toMatchObject({ level: 50, msg: 'failed', err: { message: 'refused', code: 'ECONNREFUSED', token: '[redacted]' } });
  });

  it('when the level is warn, then info lines are left out', () => {
    const { logger, lines } = capture('warn');
    logger.info('quiet');
    logger.warn('heard');
    expect(lines.map((line) => line.msg)).toEqual(['heard']);
  });
});
