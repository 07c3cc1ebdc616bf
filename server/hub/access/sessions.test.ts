import { FakeClock } from '../../http/clock.js';
import type { RealtimeEvent } from '../../http/events.js';
import { SESSION_PURGE_INTERVAL_MS } from './session-purge.js';
import { startTestHub, type TestHub } from '../testing/test-hub.js';

const HOUR = 60 * 60_000;

describe('expired sessions are purged', () => {
  let clock: FakeClock;
  const running: TestHub[] = [];
  const start = async (dataDir?: string) => {
    const hub = await startTestHub({ clock, ...(dataDir ? { dataDir } : {}) });
    running.push(hub);
    return hub;
  };
  const stop = (hub: TestHub) => {
    running.splice(running.indexOf(hub), 1);
    return hub.stop({ keepData: true });
  };
  const tokenRows = (hub: TestHub, sessionId: string) =>
    hub.hub.db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM session_tokens WHERE session_id = ?').get(sessionId)!.n;
  const issue = (hub: TestHub, lifetime: { ttlMs?: number; expiresAt?: string }) =>
    hub.hub.sessions.create({ type: 'OAUTH', userId: hub.hub.sessions.authenticate(hub.token)!.user.id, scopes: ['homey'], clientName: 'Test', ...lifetime });

  beforeEach(() => {
    clock = new FakeClock(Date.parse('2030-01-01T00:00:00Z'));
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((hub) => hub.stop()));
  });

  it('when sessions have expired, then the hourly purge on the hub clock removes their items and token rows with session.delete events, and keeps the rest', async () => {
    const hub = await start();
    const short = issue(hub, { ttlMs: HOUR });
    const windowed = issue(hub, { expiresAt: new Date(clock.now() + 2 * HOUR).toISOString() });
    const long = issue(hub, { ttlMs: 30 * 24 * HOUR });
    const events: RealtimeEvent[] = [];
    hub.hub.bus.subscribe((event) => events.push(event));

    clock.advance(SESSION_PURGE_INTERVAL_MS);
    expect(hub.hub.store.get('session', short.session.id)).toBeUndefined();
    expect(hub.hub.store.get('session', windowed.session.id)).toBeDefined();
    clock.advance(SESSION_PURGE_INTERVAL_MS);
    for (const { session } of [short, windowed]) {
      expect(hub.hub.store.get('session', session.id)).toBeUndefined();
      expect(tokenRows(hub, session.id)).toBe(0);
      expect(events).toContainEqual({ uri: 'homey:manager:sessions', event: 'session.delete', data: { id: session.id } });
    }
    expect(hub.hub.sessions.purgeExpired()).toBe(0);
    expect(hub.hub.store.get('session', long.session.id)).toBeDefined();
    expect(hub.hub.sessions.authenticate(long.token)).not.toBeNull();
    expect(hub.hub.sessions.authenticate(hub.token)).not.toBeNull();
  });

  it('when the hub starts, then sessions that expired while it was down are purged, and a restart does not bring them back', async () => {
    const first = await start();
    const expiring = issue(first, { ttlMs: HOUR });
    await stop(first);

    clock.advance(2 * HOUR);
    const second = await start(first.dataDir);
    expect(second.hub.store.get('session', expiring.session.id)).toBeUndefined();
    expect(tokenRows(second, expiring.session.id)).toBe(0);
    await stop(second);

    const third = await start(first.dataDir);
    expect(third.hub.store.get('session', expiring.session.id)).toBeUndefined();
    expect(tokenRows(third, expiring.session.id)).toBe(0);
  });

  it('when the hub is closed, then its purge no longer runs', async () => {
    const hub = await start();
    await stop(hub);
    const purge = jest.spyOn(hub.hub.sessions, 'purgeExpired');
    clock.advance(2 * SESSION_PURGE_INTERVAL_MS);
    expect(purge).not.toHaveBeenCalled();
  });
});
