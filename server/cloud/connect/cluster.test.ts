import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { HubAPI } from '../../../client/hub/hub-api.js';
import { describeWhen } from '../../../scripts/system-programs.js';
import type { TestHub } from '../../hub/testing/test-hub.js';
import type { TestAccount } from '../account/testing/test-account.js';
import type { Cluster } from '../cluster/cluster.js';
import { faultRelay } from '../testing/fault-relay.js';
import type { ConnectService } from './service.js';

/**
 * Two instances of the connect service sharing one Redis (REDIS_URL; .ci/run starts one): a hub whose tunnel
 * instance one holds is reached through instance two. The proxy in front and an instance killed outright are the
 * end-to-end script's (scripts/cluster-e2e.ts).
 */
const redisUrl = process.env.REDIS_URL;
const describeWithRedis = describeWhen(Boolean(redisUrl), 'REDIS_URL names no Redis server (.ci/run starts one; see docs/several-instances.md)');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const GHOST_HUB = 'cccccccccccccccccccccccc';

describeWithRedis('the connect service on two instances', () => {
  let cloud: TestAccount;
  let hub: TestHub;
  const clusters: Cluster[] = [];
  const instances: ConnectService[] = [];
  const urls: string[] = [];
  let owner: Awaited<ReturnType<TestAccount['user']>>;
  const key = randomBytes(32).toString('base64url');
  // Each run its own instance names, so that runs sharing a Redis never answer each other.
  const run = randomBytes(3).toString('hex');

  // Loaded here, not at the top: without Redis the suite is skipped, and should not cost npm test their loading.
  let modules: Awaited<ReturnType<typeof load>>;
  const load = async () => ({
    ...(await import('../../../client/cloud/cloud-api.js')),
    ...(await import('../../../client/cloud/hub-session.js')),
    ...(await import('../../../client/cloud/storage.js')),
    ...(await import('../../../client/hub/device.js')),
    ...(await import('../../hub/testing/test-hub.js')),
    ...(await import('../../hub/users/users.js')),
    ...(await import('../account/testing/test-account.js')),
    ...(await import('../cluster/cluster.js')),
    ...(await import('../callers/hub-secret.js')),
    ...(await import('./cluster-connections.js')),
    ...(await import('./service.js')),
  });
  const hubKey = (hubId: string) => modules.hubKey(hubId);

  // Up to a minute: the modules are compiled and loaded in this hook (a cold cache on a busy machine takes a while).
  beforeAll(async () => {
    modules = await load();
    const { startTestAccount, connectCluster, createConnectService, startTestHub, hubSecret, newUser } = modules;
    cloud = await startTestAccount();
    const { body: cloudPublicKey } = await cloud.http().get('/delegation/key').expect(200);
    for (const name of ['one', 'two']) {
      const cluster = await connectCluster(redisUrl!, `${name}-${run}`);
      clusters.push(cluster);
      const connect = createConnectService({ ...cloud.connectAccount(), hubSecretKey: key, cluster });
      instances.push(connect);
      urls.push(await connect.listen(0));
    }
    hub = await startTestHub({ cloudPublicKey, connectUrl: urls[0], hubSecret: 'not-yet' });
    hub.hub.config.hubSecret = hubSecret(key, hub.hub.id);
    await hub.connectRemote()!.connected();
    owner = await cloud.user('connect');
    hub.hub.store.insert('user', newUser({ name: 'Owner', athomId: owner.id, verified: true, role: 'manager' }));
    // The client is sent to instance two; the local address answers nothing.
    const record = { _id: hub.hub.id, name: 'Home', apiVersion: 3, platform: 'local', localUrl: 'http://127.0.0.1:9', remoteUrl: urls[1] };
    await cloud.http().post('/homey/').set(owner.accountAuth).send(record).expect(200);
    await cloud.http().post('/homey/').set(owner.accountAuth).send({ _id: GHOST_HUB, name: 'Cabin' }).expect(200);
  }, 60_000);
  afterAll(async () => {
    await hub?.stop();
    for (const connect of instances) await connect.close();
    await clusters[0]?.redis.del(hubKey(GHOST_HUB));
    for (const cluster of clusters) await cluster.close();
    await cloud?.stop();
  });

  it('when instance one holds the tunnel, then Redis names it and instance two answers for the hub (ping, HTTP)', async () => {
    expect(await clusters[0]!.redis.get(hubKey(hub.hub.id))).toBe(`one-${run}`);
    await request(urls[1]!).get(`/homey/${hub.hub.id}/ping`).set(owner.auth).expect(200, 'true');
    const auth = { 'X-Homey-ID': hub.hub.id, Authorization: `Bearer ${hub.token}` };
    const remote = await request(urls[1]!).get('/api/manager/devices/device').set(auth).expect(200);
    const local = await hub.http().get('/api/manager/devices/device').set('Authorization', `Bearer ${hub.token}`).expect(200);
    expect(remote.body).toEqual(local.body);
    // A body goes over and a refusal of the hub comes back as it is.
    const zones = await hub.http().get('/api/manager/zones/zone').set('Authorization', `Bearer ${hub.token}`).expect(200);
    const zone = { name: `Shed ${run}`, icon: 'attic', parent: Object.keys(zones.body)[0] };
    expect((await request(urls[1]!).post('/api/manager/zones/zone').set(auth).send(zone).expect(200)).body).toMatchObject({ name: zone.name });
    await request(urls[1]!).get('/api/manager/devices/device').set('X-Homey-ID', hub.hub.id).expect(401);
  });

  it('when a client library finds the hub at instance two, then it lists devices, hears a change and calls over the relayed socket', async () => {
    const { CloudAPI, APP, MemoryStorageAdapter, PASSWORD, openHubSession, Device } = modules;
    const api = new CloudAPI({ baseUrl: cloud.url, clientId: APP.id, clientSecret: APP.secret, store: new MemoryStorageAdapter() });
    await api.authenticateWithPassword({ username: owner.email, password: PASSWORD, scopes: ['account', 'homey'] });
    const homey: HubAPI = await openHubSession(api, (await api.getAuthenticatedUser()).getHomeyById(hub.hub.id));
    try {
      const lamp = Object.values(await homey.devices.getDevices()).find((device) => device.name === 'Kitchen spots')!;
      await homey.connect();
      const heard: unknown[] = [];
      const onoff = await (await Device.get(homey, lamp.id)).makeCapabilityInstance('onoff', (value) => heard.push(value));
      const next = !onoff.value;
      await hub.http().put(`/api/manager/devices/device/${lamp.id}/capability/onoff`).set('Authorization', `Bearer ${hub.token}`).send({ value: next });
      for (let i = 0; i < 200 && !heard.length; i++) await sleep(10);
      expect(heard).toEqual([next]);
      await onoff.setValue(!next);
      expect((await hub.http().get(`/api/manager/devices/device/${lamp.id}`).set('Authorization', `Bearer ${hub.token}`)).body.capabilitiesObj.onoff.value).toBe(!next);
      onoff.destroy();
    } finally {
      homey.destroy();
    }
  });

  it('when the instance named for a hub has died (nobody listens on its channel), then the hub is offline and its entry goes', async () => {
    await clusters[0]!.redis.set(hubKey(GHOST_HUB), `dead-${run}`, 'PX', 60_000);
    expect((await request(urls[1]!).get('/api/manager/system/ping').set('X-Homey-ID', GHOST_HUB).expect(404)).body).toMatchObject({ error: 'homey_offline' });
    expect(await clusters[0]!.redis.get(hubKey(GHOST_HUB))).toBeNull();
    await request(urls[1]!).get(`/homey/${GHOST_HUB}/ping`).set(owner.auth).expect(404);
  });

  it('when the hub moves its tunnel to instance two, then the entry follows, and instance one forwards there', async () => {
    hub.hub.config.connectUrl = urls[1];
    await hub.connectRemote()!.connected();
    for (let i = 0; i < 100 && (await clusters[0]!.redis.get(hubKey(hub.hub.id))) !== `two-${run}`; i++) await sleep(20);
    expect(await clusters[0]!.redis.get(hubKey(hub.hub.id))).toBe(`two-${run}`);
    await request(urls[0]!).get('/api/manager/system/ping').set('X-Homey-ID', hub.hub.id).expect(200);
  });

  it('when the holder dies while a call and a realtime session wait on it, then the call and the handshake are answered: offline', async () => {
    // A holder that listens on its channel and never answers, then goes away (its process died).
    const zombie = clusters[0]!.subscriber();
    await zombie.subscribe(modules.instanceChannel(`zombie-${run}`));
    await clusters[0]!.redis.set(hubKey(GHOST_HUB), `zombie-${run}`, 'PX', 60_000);
    const watcher = modules.createConnectService({ ...cloud.connectAccount(), hubSecretKey: key, cluster: clusters[1]!, renewMs: 100 });
    const watcherUrl = await watcher.listen(0);
    const { io } = await import('socket.io-client');
    const socket = io(watcherUrl, { path: '/socket.io/', transports: ['websocket'], forceNew: true, reconnection: false });
    try {
      const call = request(watcherUrl).get('/api/manager/system/ping').set('X-Homey-ID', GHOST_HUB);
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      const refused = new Promise((resolve) => socket.emit('handshakeClient', { homeyId: GHOST_HUB }, resolve));
      const answered = call.then((res) => res);
      await sleep(300);
      zombie.disconnect();
      expect((await answered).status).toBe(404);
      expect((await answered).body).toMatchObject({ error: 'homey_offline' });
      expect(await refused).toMatchObject({ error: 'homey_offline', statusCode: 404 });
    } finally {
      socket.close();
      await watcher.close();
      await clusters[0]!.redis.del(hubKey(GHOST_HUB));
    }
  });

  it('when Redis stalls, then a call at an instance for a hub held by another answers offline instead of waiting for Redis', async () => {
    // Instance three reaches Redis through a relay that stops passing bytes on, as a paused Redis stops answering.
    const relay = await faultRelay(new URL(redisUrl!), 6379);
    const cluster = await modules.connectCluster(relay.url, `three-${run}`);
    const three = modules.createConnectService({ ...cloud.connectAccount(), hubSecretKey: key, cluster });
    try {
      const url = await three.listen(0);
      await request(url).get('/api/manager/system/ping').set('X-Homey-ID', hub.hub.id).expect(200);
      relay.stall();
      expect((await request(url).get('/api/manager/system/ping').set('X-Homey-ID', hub.hub.id).expect(404)).body).toMatchObject({ error: 'homey_offline' });
    } finally {
      // Redis answers what waited, then instance three closes.
      relay.resume();
      await three.close();
      await cluster.close();
      await relay.close();
    }
  });

  it('when an instance closes, then it gives up its hubs at once: they are offline, not waiting for a dead holder', async () => {
    await instances.pop()!.close();
    expect(await clusters[0]!.redis.get(hubKey(hub.hub.id))).toBeNull();
    await request(urls[0]!).get(`/homey/${hub.hub.id}/ping`).set(owner.auth).expect(404);
  });
});
