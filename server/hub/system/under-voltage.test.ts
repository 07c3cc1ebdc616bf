import { UnderVoltageSampler } from './under-voltage.js';

describe('under-voltage ratio', () => {
  it('when some samples of the last ten minutes found under voltage, then the ratio is their share', () => {
    const readings = [true, false, false, true];
    const sampler = new UnderVoltageSampler(() => readings.shift() ?? false);
    const start = Date.parse('2026-11-22T08:00:00Z');
    expect(sampler.ratio(start)).toBe(1);
    expect(sampler.ratio(start + 1000)).toBe(0.5);
    expect(sampler.ratio(start + 2000)).toBeCloseTo(1 / 3);
    expect(sampler.ratio(start + 11 * 60_000)).toBe(1);
  });

  it('when the machine has no board firmware to ask, then the ratio is 0', () => {
    expect(new UnderVoltageSampler().ratio()).toBeGreaterThanOrEqual(0);
    expect(new UnderVoltageSampler(() => false).ratio()).toBe(0);
  });
});
