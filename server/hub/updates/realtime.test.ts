import { FakeClock } from '../../http/clock.js';
import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';
import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { DOWNLOAD_BYTES_PER_SECOND, INSTALL_MS } from './updates.js';

const URI = 'homey:manager:updates';
const INSTALL_12_1_0 = Math.ceil(72351744 / DOWNLOAD_BYTES_PER_SECOND) * 1000 + INSTALL_MS;

describe.each<ClientVersion>(['v2', 'v4'])('updates over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = new FakeClock(Date.UTC(2026, 10, 23, 12));
    hub = await startTestHub({ clock });
  });
  afterEach(() => hub.stop());

  it('when an update is checked and installed over the api event, then subscribers get notifications, progress, states and whatsnew.create, and whatsnew.delete on dismissal', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const call = (operation: string, args: Record<string, unknown> = {}) => client.request('api', { uri: URI, operation, args });
    const next = (event: string, match: (data: any) => boolean = () => true) => client.next(URI, (name, data) => name === event && match(data));
    try {
      expect((await client.request('subscribe', URI))[0]).toBeNull();
      const available = next('notification');
      expect((await call('getUpdates'))[0]).toBeNull();
      expect((await available).data).toEqual({ kind: 'available', version: '12.1.0', text: 'Version 12.1.0 is available' });

      const downloading = next('state', (data) => data.state === 'downloading');
      const progress = next('progress');
      const installing = next('state', (data) => data.state === 'installing');
      const created = next('whatsnew.create');
      const installed = next('notification', (data) => data.kind === 'installed');
      const running = next('state', (data) => data.version === '12.1.0');
      const [error] = await call('installUpdate', { reboot: true });
      expect(error).toBeNull();
      await downloading;
      clock.advance(1000);
      expect((await progress).data).toEqual({ version: '12.1.0', percent: 5, downloaded: DOWNLOAD_BYTES_PER_SECOND, size: 72351744 });
      clock.advance(INSTALL_12_1_0);
      await installing;
      expect((await created).data).toMatchObject({ id: '12.1.0-energy-zones', version: '12.1.0', title: 'Energy per zone' });
      expect((await installed).data).toEqual({ kind: 'installed', version: '12.1.0', text: 'The hub now runs version 12.1.0' });
      expect((await running).data).toMatchObject({ state: 'idle', lastInstall: { version: '12.1.0' } });

      const deleted = next('whatsnew.delete');
      expect((await call('deleteWhatsNew', { id: '12.1.0-flow-start' }))[0]).toBeNull();
      expect((await deleted).data).toEqual({ id: '12.1.0-flow-start' });
      const [missing] = await call('deleteWhatsNew', { id: '12.1.0-flow-start' });
      expect(missing).toMatchObject({ error: 'not_found', statusCode: 404 });
    } finally {
      client.close();
    }
  });

  it('when an install is silent or the kind is not chosen, then no notification goes out, while the state still does', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const notifications: unknown[] = [];
    client.api.on(URI, (event: string, data: unknown) => {
      if (event === 'notification') notifications.push(data);
    });
    try {
      await client.request('subscribe', URI);
      expect((await client.request('api', { uri: URI, operation: 'setOptionUpdateNotifications', args: { value: ['installed'] } }))[0]).toBeNull();
      await client.request('api', { uri: URI, operation: 'getUpdates', args: {} });
      const running = client.next(URI, (event, data) => event === 'state' && data.version === '12.1.0');
      await client.request('api', { uri: URI, operation: 'installUpdate', args: { silent: true } });
      clock.advance(INSTALL_12_1_0);
      await running;
      expect(notifications).toEqual([]);
      expect(hub.hub.store.values('notification').filter((n) => n.ownerUri === URI)).toEqual([]);
      const reader = await connectRealtime(hub.url, hub.tokenWith(['homey.updates.readonly']), hub.hub.id, version);
      const [denied] = await reader.request('api', { uri: URI, operation: 'installUpdate', args: {} });
      reader.close();
      expect(denied).toMatchObject({ error: 'insufficient_scope', statusCode: 403 });
    } finally {
      client.close();
    }
  });
});
