import { startTestHub, type TestHub } from '../../server/hub/testing/test-hub.js';
import { createHub } from '../../server/hub/core/hub.js';
import { HubAPIError } from '../errors.js';
import { HubAPI } from './hub-api.js';
import type { EventOf } from './types.js';

type ZoneEvent = EventOf<'homey:manager:zones'>;

/** Collects what a listener receives and resolves when `match` is seen. */
function inbox<T>() {
  const received: T[] = [];
  const waiters: Array<{ match: (item: T) => boolean; resolve: (item: T) => void }> = [];
  return {
    received,
    push(item: T) {
      received.push(item);
      for (const waiter of waiters.filter((w) => w.match(item))) waiter.resolve(item);
    },
    next(match: (item: T) => boolean) {
      const seen = received.find(match);
      return seen ? Promise.resolve(seen) : new Promise<T>((resolve) => waiters.push({ match, resolve }));
    },
  };
}

describe('HubAPI realtime against a real hub', () => {
  let hub: TestHub;
  let listener: HubAPI;
  let writer: HubAPI;
  let root: string;

  beforeAll(async () => {
    hub = await startTestHub();
    listener = await HubAPI.connect({ address: hub.url, token: hub.token, homeyId: hub.hub.id });
    writer = await HubAPI.connect({ address: hub.url, token: hub.token });
    root = (await writer.zones.getState()).rootZoneId;
  });
  afterAll(async () => {
    listener.destroy();
    writer.destroy();
    await hub.stop();
  });

  it('when another client changes zones over HTTP, then a connected manager gets typed create, update and delete events', async () => {
    const events = inbox<ZoneEvent>();
    listener.zones.on('zone.create', (zone) => events.push({ event: 'zone.create', data: zone }));
    listener.zones.on('zone.update', (zone) => events.push({ event: 'zone.update', data: zone }));
    listener.zones.on('zone.delete', ({ id }) => events.push({ event: 'zone.delete', data: { id } }));
    await listener.zones.connect();
    expect(listener.realtimeState).toBe('connected');

    const zone = await writer.zones.createZone({ zone: { name: 'Shed', icon: 'shed', parent: root } });
    expect((await events.next((e) => e.event === 'zone.create')).data).toEqual(zone);
    const updated = await writer.zones.updateZone({ id: zone.id, zone: { name: 'Workshop' } });
    expect((await events.next((e) => e.event === 'zone.update')).data).toEqual(updated);
    await writer.zones.deleteZone({ id: zone.id });
    expect((await events.next((e) => e.event === 'zone.delete')).data).toMatchObject({ id: zone.id });
  });

  it('when another client sets a capability over HTTP, then a typed capability event and a device.update arrive', async () => {
    const lamp = Object.values(await writer.devices.getDevices()).find((device) => device.name === 'Ceiling light')!;
    const capability = inbox<EventOf<`homey:device:${string}`>>();
    const unsubscribe = await listener.subscribe(`homey:device:${lamp.id}`, (event) => capability.push(event));
    const updates = inbox<{ id: string; value: unknown }>();
    listener.devices.on('device.update', (device) => updates.push({ id: device.id, value: device.capabilitiesObj.dim?.value }));
    await listener.devices.connect();
    try {
      await writer.devices.setCapabilityValue({ deviceId: lamp.id, capabilityId: 'dim', value: 0.25, transactionId: 'tx-1' });
      const event = await capability.next((e) => e.event === 'capability' && e.data.capabilityId === 'dim');
      expect(event.event === 'capability' && event.data).toMatchObject({ capabilityId: 'dim', value: 0.25, transactionId: 'tx-1' });
      await expect(updates.next((u) => u.id === lamp.id && u.value === 0.25)).resolves.toBeDefined();
    } finally {
      unsubscribe();
      await listener.devices.disconnect();
    }
  });

  it('when subscribed to an item uri, then its update events arrive until unsubscribed', async () => {
    const zone = await writer.zones.createZone({ zone: { name: 'Porch', icon: 'home', parent: root } });
    const events = inbox<EventOf<`homey:zone:${string}`>>();
    const unsubscribe = await listener.subscribe(`homey:zone:${zone.id}`, (event) => events.push(event));
    await writer.zones.updateZone({ id: zone.id, zone: { name: 'Veranda' } });
    const update = await events.next((e) => e.event === 'update');
    expect(update.event === 'update' && update.data.name).toBe('Veranda');
    unsubscribe();
    await writer.zones.updateZone({ id: zone.id, zone: { name: 'Terrace' } });
    await writer.zones.getZones();
    expect(events.received).toHaveLength(1);
  });

  it('when connected, then calls go over the socket with the same answers and errors as HTTP', async () => {
    await listener.connect();
    const zone = await listener.zones.createZone({ zone: { name: 'Cellar', icon: 'home', parent: root } });
    expect(await listener.zones.getZone({ id: zone.id })).toEqual(zone);
    await expect(listener.zones.deleteZone({ id: zone.id })).resolves.toBeUndefined();
    const missing = await listener.zones.getZone({ id: zone.id }).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(HubAPIError);
    expect(missing).toMatchObject({ statusCode: 404, error: 'not_found', description: 'Zone not found' });
    // @ts-expect-error: id is required
    await expect(listener.zones.getZone({})).rejects.toThrow('Missing Parameter: id');
  });

  it('when connected, then an answer in bytes comes over the socket as the same bytes HTTP answers', async () => {
    await listener.connect();
    const [image] = Object.values(await listener.images.getImages());
    const overSocket = await listener.images.getImageContent({ id: image!.id });
    const overHttp = await writer.images.getImageContent({ id: image!.id });
    expect(overSocket).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(overSocket).equals(Buffer.from(overHttp))).toBe(true);
  });

  it('when the token is bad, then the handshake fails with a 401 HubAPIError and the client stays disconnected', async () => {
    const bad = await HubAPI.connect({ address: hub.url, token: 'not-a-token' });
    await expect(bad.connect()).rejects.toMatchObject({ name: 'HubAPIError', statusCode: 401, error: 'invalid_token' });
    expect(bad.realtimeState).toBe('disconnected');
  });

  it('when the token lacks the read scope, then subscribing fails with 403', async () => {
    const other = await HubAPI.connect({ address: hub.url, token: hub.tokenWith(['homey.device.readonly']) });
    try {
      await expect(other.zones.connect()).rejects.toMatchObject({ statusCode: 403, error: 'insufficient_scope' });
    } finally {
      other.destroy();
    }
  });

  it('when an item it subscribed to was deleted, then a reconnect drops that subscription, tells its listeners delete and stays connected', async () => {
    const client = await HubAPI.connect({ address: hub.url, token: hub.token });
    const zone = await writer.zones.createZone({ zone: { name: 'Short-lived', icon: 'home', parent: root } });
    const events = inbox<string>();
    await client.subscribe(`homey:zone:${zone.id}`, ({ event }) => events.push(event));
    await writer.zones.deleteZone({ id: zone.id });
    await events.next((event) => event === 'delete');
    const states: string[] = [];
    const settled = new Promise<void>((resolve) =>
      client.onRealtimeState((state) => states.push(state) && (state === 'connected' || state === 'disconnected') && resolve()),
    );
    // The hub drops the connection under the client (not a server disconnect, which clients do not retry).
    for (const socket of hub.io.of('/').sockets.values()) socket.conn.close();
    try {
      await settled;
      expect(states).toEqual(['reconnecting', 'handshake', 'connected']);
      expect(events.received).toEqual(['delete', 'delete']);
      await expect(client.zones.getZones()).resolves.not.toHaveProperty(zone.id);
    } finally {
      client.destroy();
    }
  });

  it('when destroyed, then the connection closes and calls go back to HTTP', async () => {
    const client = await HubAPI.connect({ address: hub.url, token: hub.token });
    await client.zones.connect();
    client.destroy();
    expect(client.realtimeState).toBe('disconnected');
    await expect(client.zones.getState()).resolves.toMatchObject({ rootZoneId: root });
  });
});

describe('HubAPI realtime across a hub restart', () => {
  it('when the hub restarts, then the client handshakes again, reopens /api and renews its subscriptions', async () => {
    const first = await startTestHub();
    const port = Number(new URL(first.url).port);
    const client = await HubAPI.connect({ address: first.url, token: first.token });
    const states: string[] = [];
    client.onRealtimeState((state) => states.push(state));
    const created = inbox<string>();
    client.zones.on('zone.create', (zone) => created.push(zone.name));
    await client.zones.connect();
    const reconnected = new Promise<void>((resolve) => client.onRealtimeState((state) => state === 'connected' && resolve()));

    await first.stop({ keepData: true });
    const second = createHub({ demoHome: true, validateResponses: true, development: true, dataDir: first.dataDir });
    await second.listen(port);
    try {
      await reconnected;
      expect(states).toEqual(['connecting', 'handshake', 'connected', 'reconnecting', 'handshake', 'connected']);
      const writer = await HubAPI.connect({ address: first.url, token: first.token });
      const { rootZoneId } = await writer.zones.getState();
      await writer.zones.createZone({ zone: { name: 'After restart', icon: 'home', parent: rootZoneId } });
      await expect(created.next((name) => name === 'After restart')).resolves.toBe('After restart');
    } finally {
      client.destroy();
      await second.close();
    }
  });
});
