import { ApiError } from '../../http/errors.js';
import { addressKey, FailureThrottle, LoginThrottle, type ThrottlePolicy } from './login-throttle.js';

const policy: ThrottlePolicy = { freeFailures: 2, firstDelayMs: 1000, maxDelayMs: 4000, forgetAfterMs: 60_000, maxKeys: 3 };

describe('FailureThrottle', () => {
  let time: number;
  let throttle: FailureThrottle;
  const fail = (key: string) => {
    throttle.begin(key);
    throttle.end(key, true);
  };

  beforeEach(() => {
    time = 1_000_000;
    throttle = new FailureThrottle(policy, () => time);
  });

  it('when failures stay within the free ones, then there is no wait; beyond, waits double up to the cap', () => {
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      fail('k');
      waits.push(throttle.waitMs('k'));
    }
    expect(waits).toEqual([0, 0, 1000, 2000, 4000, 4000]);
  });

  it('when the wait has passed, then the key may try again', () => {
    for (let i = 0; i < 4; i++) fail('k');
    time += 1500;
    expect(throttle.waitMs('k')).toBe(500);
    time += 500;
    expect(throttle.waitMs('k')).toBe(0);
  });

  it('when an attempt succeeds, then it is not counted; clear forgets the key', () => {
    fail('k');
    fail('k');
    throttle.begin('k');
    throttle.end('k', false);
    expect(throttle.waitMs('k')).toBe(0);
    fail('k');
    expect(throttle.waitMs('k')).toBe(1000);
    throttle.clear('k');
    expect(throttle.waitMs('k')).toBe(0);
    expect(throttle.size).toBe(0);
  });

  it('when attempts are under way, then they count as failures for the next check, so parallel guesses cannot all pass', () => {
    throttle.begin('k');
    throttle.begin('k');
    expect(throttle.waitMs('k')).toBe(0);
    throttle.begin('k');
    expect(throttle.waitMs('k')).toBe(1000);
    throttle.end('k', false);
    expect(throttle.waitMs('k')).toBe(0);
  });

  it('when a key has had no failure for forgetAfterMs, then it starts again from nothing', () => {
    for (let i = 0; i < 5; i++) fail('k');
    time += 59_999;
    expect(throttle.waitMs('k')).toBe(0);
    fail('k');
    expect(throttle.waitMs('k')).toBe(4000);
    time += 60_000;
    fail('k');
    expect(throttle.waitMs('k')).toBe(0);
  });

  it('when more keys fail than maxKeys, then the least recently tried are forgotten and quiet ones go first', () => {
    for (const key of ['a', 'b', 'c', 'a']) for (let i = 0; i < 3; i++) fail(key);
    fail('d');
    expect(throttle.size).toBe(3);
    expect(throttle.waitMs('b')).toBe(0);
    expect(throttle.waitMs('a')).toBe(4000);
    time += 60_000;
    fail('e');
    expect(throttle.size).toBe(1);
  });
});

describe('LoginThrottle', () => {
  let time: number;
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
  const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as ApiError);

  beforeEach(() => {
    time = 1_000_000;
    checked = 0;
    throttle = new LoginThrottle(() => time);
  });

  it('when a username fails beyond five times, then it is refused with 429 and Retry-After without checking the password', async () => {
    for (let i = 0; i < 6; i++) await throttle.attempt(i % 2 ? 'Anna' : 'ANNA', `10.0.0.${i}`, wrong);
    const error = await refusal(throttle.attempt('anna', '10.0.1.1', right));
    expect(error).toMatchObject({ statusCode: 429, error: 'too_many_requests', message: 'Too many failed sign-ins: try again in 1 s', headers: { 'Retry-After': '1' } });
    expect(checked).toBe(6);
    time += 1000;
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

  it('when many guesses arrive at once, then only as many are checked as would be free one after another', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowWrong = async () => {
      checked++;
      await gate;
      return null;
    };
    const attempts = Array.from({ length: 20 }, (_, i) => refusal(throttle.attempt('anna', `10.0.0.${i}`, slowWrong)));
    release();
    const errors = await Promise.all(attempts);
    expect(checked).toBe(6);
    expect(errors.filter((error) => error?.statusCode === 429)).toHaveLength(14);
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
