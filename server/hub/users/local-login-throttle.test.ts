import { FakeClock } from '../../http/clock.js';
import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const client = { clientId: 'wall-tablet', clientName: 'Wall tablet' };

describe('failed local logins are throttled per username and per address', () => {
  let hub: TestHub;
  let clock: FakeClock;
  const loginLocal = (username: string, password: string) => hub.http().post('/api/manager/users/login-local').send({ username, password, ...client });
  const withCredentials = async (username: string, password: string) => {
    const user = hub.member('user');
    await hub.http().put('/api/manager/users/user/me/local-credentials').set(user.auth).send({ username, password }).expect(204);
    return user;
  };
  /** The throttle keeps time by Date (rate-limiter-flexible's stores do): the hub's clock and Date move together. */
  const advance = (ms: number) => {
    clock.advance(ms);
    jest.setSystemTime(clock.now());
  };
  /** Over an hour later: every earlier failure is forgotten. */
  const later = () => advance(61 * 60_000);

  beforeAll(async () => {
    clock = new FakeClock(Date.parse('2030-01-01T00:00:00Z'));
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'hrtime', 'performance'], now: clock.now() });
    hub = await startTestHub({ clock });
  });
  beforeEach(later);
  afterAll(async () => {
    await hub.stop();
    jest.useRealTimers();
  });

  it('when a username fails six times, then the next attempt answers 429 with Retry-After, even with the right password, until the delay passes', async () => {
    await withCredentials('ida', 'ida password');
    for (let i = 0; i < 6; i++) await loginLocal('ida', `guess ${i}`).expect(401);
    const refused = await loginLocal('IDA', 'ida password').expect(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.body).toMatchObject({ error: 'too_many_requests', error_description: 'Too many failed sign-ins: try again in 1 s', statusCode: 429 });

    advance(1000);
    await loginLocal('ida', 'guess 7').expect(401);
    const longer = await loginLocal('ida', 'ida password').expect(429);
    expect(longer.headers['retry-after']).toBe('2');
    advance(2000);
    const { body: token } = await loginLocal('ida', 'ida password').expect(200);
    await hub.http().get('/api/manager/sessions/session/me').set(bearer(token)).expect(200);
  });

  it('when one address tries a password on many usernames, then another username from it is throttled too', async () => {
    await withCredentials('jan', 'jan password');
    for (let i = 0; i < 11; i++) await loginLocal(`sprayed${i}`, 'Summer2030!').expect(401);
    const refused = await loginLocal('jan', 'jan password').expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    later();
    await loginLocal('jan', 'jan password').expect(200);
  });

  it('when the right password follows some failures, then the username starts again from nothing', async () => {
    await withCredentials('kim', 'kim password');
    for (let i = 0; i < 5; i++) await loginLocal('kim', `guess ${i}`).expect(401);
    await loginLocal('kim', 'kim password').expect(200);
    for (let i = 0; i < 5; i++) await loginLocal('kim', `guess ${i}`).expect(401);
    await loginLocal('kim', 'kim password').expect(200);
  });

  it('when a throttled login is called over the socket, then the ack carries the same 429 body', async () => {
    const lou = await withCredentials('lou', 'lou password');
    for (let i = 0; i < 6; i++) await loginLocal('lou', `guess ${i}`).expect(401);
    const socket = await connectRealtime(hub.url, lou.token, hub.hub.id);
    try {
      const [error] = await socket.request('api', { uri: 'homey:manager:users', operation: 'loginLocal', args: { username: 'lou', password: 'lou password', ...client } });
      expect(error).toMatchObject({ error: 'too_many_requests', error_description: 'Too many failed sign-ins: try again in 1 s', statusCode: 429 });
    } finally {
      socket.close();
    }
  });
});
