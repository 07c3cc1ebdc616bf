import type { ApiError } from './errors.js';
import { addressKey, FailureThrottle, LoginThrottle, RateLimit, type FailurePolicy } from './throttle.js';

const policy: FailurePolicy = { freeFailures: 2, firstDelayMs: 1000, maxDelayMs: 4000, windowMs: 60_000 };
const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as ApiError);

beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
afterEach(() => jest.useRealTimers());

describe('FailureThrottle', () => {
  let throttle: FailureThrottle;

  beforeEach(() => {
    throttle = new FailureThrottle('test', policy);
  });

  it('when failures stay within the free ones, then there is no wait; beyond, waits double up to the cap', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      await throttle.fail('k');
      waits.push(await throttle.waitMs('k'));
    }
    expect(waits).toEqual([0, 0, 1000, 2000, 4000, 4000]);
  });

  it('when the wait has passed, then the key may try again', async () => {
    for (let i = 0; i < 4; i++) await throttle.fail('k');
    jest.advanceTimersByTime(1500);
    expect(await throttle.waitMs('k')).toBe(500);
    jest.advanceTimersByTime(500);
    expect(await throttle.waitMs('k')).toBe(0);
  });

  it('when a key is cleared, then it starts again from nothing', async () => {
    for (let i = 0; i < 3; i++) await throttle.fail('k');
    expect(await throttle.waitMs('k')).toBe(1000);
    await throttle.clear('k');
    expect(await throttle.waitMs('k')).toBe(0);
    await throttle.fail('k');
    expect(await throttle.waitMs('k')).toBe(0);
  });

  it('when attempts are under way, then they count as failures for the next one, so parallel guesses cannot all pass', async () => {
    expect(await throttle.begin('k')).toBe(0);
    expect(await throttle.begin('k')).toBe(0);
    expect(await throttle.begin('k')).toBe(0);
    expect(await throttle.begin('k')).toBe(1000);
    await throttle.end('k');
    expect(await throttle.begin('k')).toBe(0);
  });

  it('when the window of the first failure has passed, then its failures are forgotten', async () => {
    for (let i = 0; i < 5; i++) await throttle.fail('k');
    jest.advanceTimersByTime(60_000);
    await throttle.fail('k');
    expect(await throttle.waitMs('k')).toBe(0);
  });
});

describe('LoginThrottle', () => {
  let throttle: LoginThrottle;
  let checked: number;
  const wrong = async () => {
    checked++;
    return null;
  };
  const right = async () => {
    checked++;
    return 'user-id';
  };

  /** A password check that counts itself and answers `result` once `release` is called: attempts held in flight. */
  function gated(result: string | null) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const check = async () => {
      checked++;
      await gate;
      return result;
    };
    return { check, release };
  }

  beforeEach(() => {
    checked = 0;
    throttle = new LoginThrottle();
  });

  it('when a username fails beyond five times, then it is refused with 429 and Retry-After without checking the password', async () => {
    for (let i = 0; i < 6; i++) await throttle.attempt(i % 2 ? 'Anna' : 'ANNA', `10.0.0.${i}`, wrong);
    const error = await refusal(throttle.attempt('anna', '10.0.1.1', right));
    expect(error).toMatchObject({ statusCode: 429, error: 'too_many_requests', message: 'Too many failed sign-ins: try again in 1 s', headers: { 'Retry-After': '1' } });
    expect(checked).toBe(6);
    jest.advanceTimersByTime(1000);
    await expect(throttle.attempt('anna', '10.0.1.1', right)).resolves.toBe('user-id');
  });

  it('when an address tries many usernames, then it is refused after ten failures, whichever username comes next', async () => {
    for (let i = 0; i < 11; i++) await throttle.attempt(`user${i}`, i % 2 ? '::ffff:10.0.0.9' : '10.0.0.9', wrong);
    expect(await refusal(throttle.attempt('someone-else', '10.0.0.9', right))).toMatchObject({ statusCode: 429 });
    await expect(throttle.attempt('someone-else', '10.0.0.10', right)).resolves.toBe('user-id');
  });

  it("when the password is right, then the username's failures are cleared but not the address's", async () => {
    for (let i = 0; i < 5; i++) await throttle.attempt('anna', '10.0.0.1', wrong);
    await throttle.attempt('anna', '10.0.0.1', right);
    for (let i = 0; i < 5; i++) await throttle.attempt('anna', '10.0.0.2', wrong);
    await expect(throttle.attempt('anna', '10.0.0.3', right)).resolves.toBe('user-id');
    for (let i = 0; i < 6; i++) await throttle.attempt(`other${i}`, '10.0.0.1', wrong);
    expect(await refusal(throttle.attempt('anna', '10.0.0.1', right))).toMatchObject({ statusCode: 429 });
  });

  it('when many guesses at one username arrive at once, then only as many are checked as would be free one after another', async () => {
    const { check, release } = gated(null);
    const attempts = Array.from({ length: 20 }, (_, i) => refusal(throttle.attempt('anna', `10.0.0.${i}`, check)));
    await jest.advanceTimersByTimeAsync(0);
    release();
    const errors = await Promise.all(attempts);
    expect(checked).toBe(6);
    expect(errors.filter((error) => error?.statusCode === 429)).toHaveLength(14);
  });

  it('when many people sign in at once from one address, then none is refused: only failures count against an address', async () => {
    const { check, release } = gated('user-id');
    const attempts = Array.from({ length: 20 }, (_, i) => refusal(throttle.attempt(`user${i}`, '10.0.0.1', check)));
    await jest.advanceTimersByTimeAsync(0);
    release();
    expect(await Promise.all(attempts)).toEqual(Array(20).fill(undefined));
    expect(checked).toBe(20);
  });
});

describe('RateLimit', () => {
  it('when a key uses up its calls, then it is refused with 429 and the seconds until its window ends', async () => {
    const limit = new RateLimit('sign-up', { points: 2, durationMs: 60_000 }, (seconds) => `Too many sign-ups: try again in ${seconds} s`);
    await limit.take('10.0.0.1');
    jest.advanceTimersByTime(10_000);
    await limit.take('10.0.0.1');
    await limit.take('10.0.0.2');
    expect(await refusal(limit.take('10.0.0.1'))).toMatchObject({ statusCode: 429, message: 'Too many sign-ups: try again in 50 s', headers: { 'Retry-After': '50' } });
    jest.advanceTimersByTime(50_000);
    await limit.take('10.0.0.1');
  });
});

describe('addressKey', () => {
  it('when an IPv4 address comes IPv6-mapped, then it is the plain IPv4 address; others are kept', () => {
    expect(addressKey('::ffff:192.168.1.20')).toBe('192.168.1.20');
    expect(addressKey('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(addressKey('192.168.1.20')).toBe('192.168.1.20');
    expect(addressKey('fe80::1')).toBe('fe80::1');
  });
});
