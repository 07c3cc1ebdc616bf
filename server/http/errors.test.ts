import { toApiError } from './errors.js';

const failure = (fields: Record<string, unknown>) => Object.assign(new Error(String(fields.message ?? 'failed')), fields);

describe('toApiError', () => {
  it.each([
    ['PostgreSQL shutting down (57P01)', failure({ code: '57P01', message: 'terminating connection due to administrator command' })],
    ['PostgreSQL starting (57P03)', failure({ code: '57P03', message: 'the database system is starting up' })],
    ['a connection failure (class 08)', failure({ code: '08006', message: 'connection failure' })],
    ['the server refusing connections', failure({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' })],
    ['a connection ended under a query', failure({ message: 'Connection terminated unexpectedly' })],
  ])('when the database cannot be reached (%s), then the call answers 503 with Retry-After', (_, error) => {
    const answer = toApiError(error);
    expect([answer.statusCode, answer.error, answer.headers['Retry-After']]).toEqual([503, 'service_unavailable', '5']);
  });

  it('when a query itself fails (a unique key, a syntax error), then it stays a 500 that tells nothing', () => {
    for (const error of [failure({ code: '23505', message: 'duplicate key value' }), failure({ code: '42601', message: 'syntax error' })]) {
      expect([toApiError(error).statusCode, toApiError(error).message]).toEqual([500, 'Internal server error']);
    }
  });
});
