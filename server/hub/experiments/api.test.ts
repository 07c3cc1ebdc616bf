import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { isExperimentEnabled, onExperimentChanged } from './experiments.js';

describe('experiments manager', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when listing experiments of a new hub, then the four are there, keyed by id, all disabled', async () => {
    const { body } = await hub.http().get('/api/manager/experiments/experiment').set(auth()).expect(200);
    expect(Object.keys(body).sort()).toEqual(['homekit', 'poweruser', 'ssh', 'virtualdevices']);
    for (const [id, experiment] of Object.entries<{ id: string; enabled: boolean }>(body)) {
      expect(experiment).toMatchObject({ id, enabled: false, name: expect.any(String), description: expect.any(String) });
    }
    await hub.http().get('/api/manager/experiments/state').set(auth()).expect(200, { experimentCount: 4, enabled: [] });
  });

  it('when an experiment is enabled and disabled, then the list, the state and in-process listeners follow, and it survives a restart', async () => {
    const heard: Array<[string, boolean]> = [];
    const stop = onExperimentChanged(hub.hub, ({ id, enabled }) => heard.push([id, enabled]));
    const enabled = await hub.http().put('/api/manager/experiments/experiment/ssh/enable').set(auth()).send({}).expect(200);
    expect(enabled.body).toMatchObject({ id: 'ssh', enabled: true });
    await hub.http().put('/api/manager/experiments/experiment/ssh/enable').set(auth()).send({}).expect(200);
    expect(isExperimentEnabled(hub.hub, 'ssh')).toBe(true);
    await hub.http().get('/api/manager/experiments/state').set(auth()).expect(200, { experimentCount: 4, enabled: ['ssh'] });
    const list = await hub.http().get('/api/manager/experiments/experiment').set(auth()).expect(200);
    expect(list.body.ssh.enabled).toBe(true);

    await hub.http().put('/api/manager/experiments/experiment/virtualdevices/enable').set(auth()).send({}).expect(200);
    const dataDir = hub.dataDir;
    await hub.stop({ keepData: true });
    hub = await startTestHub({ dataDir });
    await hub.http().get('/api/manager/experiments/state').set(auth()).expect(200, { experimentCount: 4, enabled: ['ssh', 'virtualdevices'] });
    const disabled = await hub.http().put('/api/manager/experiments/experiment/ssh/disable').set(auth()).send({}).expect(200);
    expect(disabled.body).toMatchObject({ id: 'ssh', enabled: false });
    stop();
    expect(heard).toEqual([['ssh', true], ['virtualdevices', true]]);
  });

  it('when the experiment is unknown, then 404; an inherited key is an ordinary miss', async () => {
    for (const id of ['warp-drive', 'constructor', '__proto__']) {
      const { body } = await hub.http().put(`/api/manager/experiments/experiment/${id}/enable`).set(auth()).send({}).expect(404);
      expect(body).toMatchObject({ error: 'not_found', error_description: 'Experiment not found', statusCode: 404 });
    }
    await hub.http().put('/api/manager/experiments/experiment/nope/disable').set(auth()).send({}).expect(404);
  });

  it('when the path id is too long, then 400', async () => {
    await hub.http().put(`/api/manager/experiments/experiment/${'x'.repeat(65)}/enable`).set(auth()).send({}).expect(400);
  });

  it('when the caller lacks homey.system, then listing, enabling and disabling are 403 while the state needs only read', async () => {
    const reader = bearer(hub.tokenWith(['homey.system.readonly']));
    await hub.http().get('/api/manager/experiments/state').set(reader).expect(200);
    await hub.http().get('/api/manager/experiments/experiment').set(reader).expect(403);
    await hub.http().put('/api/manager/experiments/experiment/ssh/enable').set(reader).send({}).expect(403);
    await hub.http().put('/api/manager/experiments/experiment/ssh/disable').set(reader).send({}).expect(403);
    await hub.http().get('/api/manager/experiments/state').set(bearer(hub.tokenWith(['homey.zone.readonly']))).expect(403);
  });
});
