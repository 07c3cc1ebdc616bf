import { every, FakeClock, systemClock } from './clock.js';

describe('clocks', () => {
  it('when a fake clock moves past several timers, then they fire in time order, each seeing its own time, and later ones wait', () => {
    const clock = new FakeClock(1000);
    const seen: Array<[string, number]> = [];
    clock.at(3000, () => seen.push(['third', clock.now()]));
    clock.at(2000, () => {
      seen.push(['second', clock.now()]);
      clock.at(2500, () => seen.push(['set by second', clock.now()]));
    });
    clock.at(1500, () => seen.push(['first', clock.now()]));
    clock.at(9000, () => seen.push(['later', clock.now()]));
    clock.set(3000);
    expect(seen).toEqual([['first', 1500], ['second', 2000], ['set by second', 2500], ['third', 3000]]);
    expect(clock.now()).toBe(3000);
    expect(clock.pending).toBe(1);
  });

  it('when a fake timer is cancelled or the clock is set back, then nothing fires and time does not go back', () => {
    const clock = new FakeClock(1000);
    const fired = jest.fn();
    const cancel = clock.at(2000, fired);
    cancel();
    clock.advance(5000);
    clock.set(10);
    expect(fired).not.toHaveBeenCalled();
    expect(clock.now()).toBe(6000);
  });

  it('when a timer is set for a time already past, then it fires soon, not within the caller’s turn, on both clocks', async () => {
    const fake = new FakeClock(1000);
    const order: string[] = [];
    fake.at(500, () => order.push('fake'));
    systemClock.at(Date.now() - 1, () => order.push('system'));
    order.push('caller');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order[0]).toBe('caller');
    expect(order).toEqual(expect.arrayContaining(['fake', 'system']));
  });

  it('when the machine clock reaches a timer, then it fires, and a cancelled one does not', async () => {
    const fired = jest.fn();
    const cancelled = jest.fn();
    systemClock.at(Date.now() + 10, fired);
    systemClock.at(Date.now() + 10, cancelled)();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(fired).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('when a repeated callback runs for three intervals, then it fires three times, and not after its stop', () => {
    const fake = new FakeClock(0);
    const ticks: number[] = [];
    const stop = every(fake, 1000, () => ticks.push(fake.now()));
    for (let step = 0; step < 7; step++) fake.advance(500);
    stop();
    fake.advance(5000);
    expect(ticks).toEqual([1000, 2000, 3000]);
    expect(fake.pending).toBe(0);
  });

  it('when a fake clock jumps past many intervals, then the repeated callback runs for the first and once where the jump ends, as after a sleep, and on from there', () => {
    const fake = new FakeClock(0);
    const ticks: Array<[number, number]> = [];
    every(fake, 1000, () => ticks.push([fake.now(), fake.heading()]));
    fake.advance(10_500);
    expect(ticks).toEqual([[1000, 10_500], [10_500, 10_500]]);
    fake.advance(1000);
    fake.set(12_500);
    expect(ticks.slice(2)).toEqual([[11_500, 11_500], [12_500, 12_500]]);
    expect(fake.pending).toBe(1);
  });

  it('when no jump is under way, then a clock is heading where it is', () => {
    const fake = new FakeClock(5000);
    fake.advance(100);
    expect(fake.heading()).toBe(fake.now());
    const before = Date.now();
    const heading = systemClock.heading();
    expect(heading).toBeGreaterThanOrEqual(before);
    expect(heading).toBeLessThanOrEqual(Date.now());
  });
});
