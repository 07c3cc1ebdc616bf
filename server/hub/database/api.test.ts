import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe('database manager', () => {
  let hub: TestHub;
  const clock = new FakeClock(Date.parse('2026-11-23T17:00:00.000Z'));
  const auth = () => bearer(hub.token);

  beforeAll(async () => {
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  it('when nothing was optimized yet, then the state tells the size from page counts and no optimization', async () => {
    const { body } = await hub.http().get('/api/manager/database/state').set(auth()).expect(200);
    expect(body.lastOptimization).toBeNull();
    expect(body.size.pageSize).toBeGreaterThan(0);
    expect(body.size.bytes).toBe(body.size.pageSize * body.size.pageCount);
  });

  it('when a lot was written and deleted, then optimizing truncates the log, drops the free pages and shrinks the file', async () => {
    const db = hub.hub.db;
    db.exec('CREATE TABLE IF NOT EXISTS scratch (data BLOB)');
    const insert = db.prepare('INSERT INTO scratch VALUES (randomblob(4000))');
    db.transaction(() => {
      for (let i = 0; i < 500; i++) insert.run();
    })();
    db.exec('DELETE FROM scratch');
    const optimized = await hub.http().post('/api/manager/database/optimize').set(auth()).send({}).expect(200);
    const { before, after, optimizedAt } = optimized.body;
    expect(optimizedAt).toBe('2026-11-23T17:00:00.000Z');
    expect(before.freePageCount).toBeGreaterThan(400);
    expect(before.walBytes).toBeGreaterThan(0);
    expect(after.freePageCount).toBe(0);
    expect(after.walBytes).toBe(0);
    expect(after.pageCount).toBeLessThan(before.pageCount - 400);
    expect(after.bytes).toBe(after.pageSize * after.pageCount);
    const state = await hub.http().get('/api/manager/database/state').set(auth()).expect(200);
    expect(state.body.lastOptimization).toEqual(optimized.body);
  });

  it('when the caller lacks homey.system, then optimizing is 403 and reading needs homey.system.readonly', async () => {
    const reader = bearer(hub.tokenWith(['homey.system.readonly']));
    await hub.http().get('/api/manager/database/state').set(reader).expect(200);
    await hub.http().post('/api/manager/database/optimize').set(reader).send({}).expect(403);
    await hub.http().get('/api/manager/database/state').set(bearer(hub.tokenWith(['homey.zone']))).expect(403);
  });

});
