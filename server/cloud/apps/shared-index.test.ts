import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { describeWhen } from '../../../scripts/system-programs.js';
import type { Cluster } from '../cluster/cluster.js';
import type { AppsService } from './service.js';
import type { AppsFixture } from './testing/apps-fixture.js';

const redisUrl = process.env.REDIS_URL;
const APP = 'com.shared.index';

/**
 * Two instances of the apps service on the same data, each with its store index in memory: what one changes (a
 * release, an install) shows in the other's store front through Redis (REDIS_URL; skipped without).
 */
describeWhen(Boolean(redisUrl), 'REDIS_URL names no Redis server (.ci/run starts one; see docs/several-instances.md)')('the store index on two instances', () => {
  let first: AppsFixture;
  let second: AppsService;
  let secondUrl: string;
  const clusters: Cluster[] = [];

  // Up to a minute: the modules are compiled and loaded in this hook (a cold cache on a busy machine takes a while).
  beforeAll(async () => {
    // Loaded here: without Redis the suite is skipped and loads nothing.
    const { connectCluster } = await import('../cluster/cluster.js');
    const { startApps } = await import('./testing/apps-fixture.js');
    const { createAppsService } = await import('./service.js');
    const run = randomBytes(3).toString('hex');
    for (const name of ['one', 'two']) clusters.push(await connectCluster(redisUrl!, `apps-${name}-${run}`));
    first = await startApps({ cluster: clusters[0] });
    second = await createAppsService({ ...first.config, cluster: clusters[1] });
    secondUrl = await second.listen(0);
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.stop();
    for (const cluster of clusters) await cluster.close();
  });

  const listedAtSecond = async () => (await request(`${secondUrl}/api/v1`).get('/app').expect(200)).body as Array<{ id: string; installs?: number }>;

  it('when an app is released through one instance, then the other lists it, and counts the installs made through the first', async () => {
    const { publishedBuild } = await import('./testing/flows.js');
    expect((await listedAtSecond()).map((app) => app.id)).not.toContain(APP);
    const dev = await first.user();
    const reviewer = await first.user(['app_reviewer']);
    await publishedBuild(first, dev, reviewer, APP, '1.0.0');
    for (let i = 0; i < 50 && !(await listedAtSecond()).some((app) => app.id === APP); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await listedAtSecond()).map((app) => app.id)).toContain(APP);
    expect(second.state.index.get(APP)?.installs).toBe(0);
    first.apps.state.index.countInstall(APP);
    for (let i = 0; i < 50 && second.state.index.get(APP)?.installs !== 1; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second.state.index.get(APP)?.installs).toBe(1);
  });
});
