import { count, metric, watchMetrics } from './metrics.js';

describe('metrics (server/http/metrics.ts)', () => {
  it('when a counter is watched, then each watcher totals what was counted since it subscribed, and nothing after it stopped', () => {
    const built = metric('test.built');
    count(built, 5);
    const first = watchMetrics({ built });
    count(built, 2);
    const second = watchMetrics({ built });
    count(built);
    first.stop();
    count(built, 10);
    expect(first.total('built')).toBe(3);
    expect(second.total('built')).toBe(11);
    second.stop();
    expect(built.listeners.size).toBe(0);
  });
});
