import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe('system manager: identity, name, reboots, Wi-Fi, options and the diagnostic report', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const base = '/api/manager/system';

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  describe('ping', () => {
    it('when pinged without a token, then 200 JSON true with the hub headers', async () => {
      const res = await hub.http().get(`${base}/ping`).expect(200).expect('Content-Type', /application\/json/);
      expect(res.body).toBe(true);
      expect(res.headers['x-homey-id']).toBe(hub.hub.id);
      expect(res.headers['x-homey-version']).toBe(hub.hub.version);
      expect(res.headers['x-homey-tier']).toBe('pro');
    });

    it('when pinged with a bad token, then it still answers true', async () => {
      const res = await hub.http().get(`${base}/ping`).set({ Authorization: 'Bearer revoked-or-garbage' }).expect(200);
      expect(res.body).toBe(true);
    });

    it('when pinged with this hub id, then true; with another id, then false', async () => {
      expect((await hub.http().get(`${base}/ping?id=${hub.hub.id}`).set('X-Homey-ID', hub.hub.id).expect(200)).body).toBe(true);
      const other = await hub.http().get(`${base}/ping?id=5f3e8a1c9b2d4e6f7a8b9c0d`).expect(200);
      expect(other.text).toBe('false');
      expect(other.headers['x-homey-id']).toBe(hub.hub.id);
    });

    it('when a browser pings from another origin, then CORS exposes the hub headers', async () => {
      const res = await hub.http().get(`${base}/ping`).set('Origin', 'http://app.example.test').expect(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const exposed = res.headers['access-control-expose-headers']!.split(',').map((name: string) => name.trim().toLowerCase());
      expect(exposed).toEqual(expect.arrayContaining(['x-homey-id', 'x-homey-version', 'x-homey-tier']));
    });

    it('when the id is too long or an unknown parameter is sent, then 400 says which', async () => {
      const long = await hub.http().get(`${base}/ping?id=${'a'.repeat(101)}`).expect(400);
      expect(long.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
      expect(long.body.error_description).toMatch(/id/);
      expect((await hub.http().get(`${base}/ping?bogus=1`).expect(400)).body.error_description).toMatch(/bogus/);
    });
  });

  describe('getInfo and getState', () => {
    it('when getInfo is called with the trailing slash, then it describes this hub from the running system', async () => {
      const { body } = await hub.http().get(`${base}/`).set(auth()).expect(200).expect('Content-Type', /application\/json/);
      expect(body).toMatchObject({
        id: hub.hub.id, homeyId: hub.hub.id, homeyVersion: '12.0.0', homeyModelId: 'hub-pro-2', homeyPlatform: 'local',
        platform: process.platform, arch: process.arch, nodeVersion: process.version, language: 'en', wifi: { enabled: true },
      });
      expect(body.cpus.length).toBeGreaterThan(0);
      expect(body.memory.total).toBeGreaterThan(body.memory.free);
      expect(body.uptimeProcess).toBeGreaterThanOrEqual(body.uptime);
      expect(body.videoCoreUnderVoltageCurrentlyRatio).toBeGreaterThanOrEqual(0);
      expect(body.videoCoreUnderVoltageCurrentlyRatio).toBeLessThanOrEqual(1);
      expect(body).not.toHaveProperty('uri');
    });

    it('when getInfo is called without the trailing slash, then it answers the same', async () => {
      const { body } = await hub.http().get(base).set(auth()).expect(200);
      expect(body.id).toBe(hub.hub.id);
    });

    it('when getState is called, then it reports name, boot, Wi-Fi, debug, port and profile', async () => {
      const { body } = await hub.http().get(`${base}/state`).set(auth()).expect(200);
      expect(body).toMatchObject({ name: expect.any(String), wifi: { enabled: expect.any(Boolean) }, debug: { namespace: expect.any(String) }, profile: { running: false } });
      expect(Date.parse(body.bootedAt)).toBeLessThanOrEqual(Date.now());
    });
  });

  describe('name', () => {
    it('when the hub is renamed, then the trimmed name is answered, read back and reported by getInfo', async () => {
      const set = await hub.http().put(`${base}/name`).set(auth()).send({ name: '  Beach house ' }).expect(200);
      expect(set.body).toBe('Beach house');
      expect((await hub.http().get(`${base}/name`).set(auth()).expect(200)).body).toBe('Beach house');
      expect((await hub.http().get(`${base}/`).set(auth()).expect(200)).body.name).toBe('Beach house');
    });

    it.each([
      [{}, /name/],
      [{ name: '' }, /name/],
      [{ name: 'x'.repeat(65) }, /name/],
      [{ name: 42 }, /name/],
      [{ name: '   ' }, /^The name must contain a character other than a space$/],
    ])('when the body is %j, then 400 says what is wrong', async (body, message) => {
      const res = await hub.http().put(`${base}/name`).set(auth()).send(body).expect(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
      expect(res.body.error_description).toMatch(message);
    });
  });

  describe('reboots', () => {
    it.each([
      ['reboot', 'reboot'],
      ['reboot-ota', 'reboot-ota'],
      ['rebootrecovery', 'reboot-recovery'],
    ])('when POST /%s is called, then it is recorded, uptime restarts and debug is switched off', async (path, reason) => {
      await hub.http().put(`${base}/debug`).set(auth()).send({ namespace: 'homey:*' }).expect(204);
      const before = Date.now();
      const { body: record } = await hub.http().post(`${base}/${path}`).set(auth()).send({}).expect(200);
      expect(record).toEqual({ reason, requestedAt: expect.any(String) });
      const { body: info } = await hub.http().get(`${base}/`).set(auth()).expect(200);
      expect(info.lastReboot).toEqual(record);
      expect(Date.parse(info.bootedAt)).toBeGreaterThanOrEqual(before - 1);
      expect(info.uptime).toBeLessThan(5);
      expect((await hub.http().get(`${base}/state`).set(auth()).expect(200)).body.debug.namespace).toBe('');
    });

    it('when a client sends no body at all, then the reboot is accepted too', async () => {
      await hub.http().post(`${base}/reboot`).set(auth()).expect(200);
    });
  });

  describe('Wi-Fi', () => {
    it('when Wi-Fi is disabled and enabled again, then getInfo and getState follow', async () => {
      await hub.http().post(`${base}/disable-wifi`).set(auth()).send({}).expect(204);
      expect((await hub.http().get(`${base}/`).set(auth()).expect(200)).body.wifi).toEqual({ enabled: false });
      await hub.http().post(`${base}/enable-wifi`).set(auth()).send({}).expect(204);
      expect((await hub.http().get(`${base}/state`).set(auth()).expect(200)).body.wifi).toEqual({ enabled: true });
    });
  });

  describe('option forwardedPort', () => {
    it('when the port is set, read and unset, then each step shows', async () => {
      await hub.http().put(`${base}/option/forwardedPort`).set(auth()).send({ value: 8443 }).expect(204);
      expect((await hub.http().get(`${base}/option/forwardedPort`).set(auth()).expect(200)).body).toEqual({ value: 8443 });
      expect((await hub.http().get(`${base}/state`).set(auth()).expect(200)).body.forwardedPort).toBe(8443);
      await hub.http().delete(`${base}/option/forwardedPort`).set(auth()).expect(204);
      expect((await hub.http().get(`${base}/option/forwardedPort`).set(auth()).expect(200)).body).toEqual({ value: null });
    });

    it.each([[{}], [{ value: 0 }], [{ value: 65536 }], [{ value: 80.5 }], [{ value: 'http' }], [{ value: 80, other: 1 }]])(
      'when the body is %j, then 400 names the problem',
      async (body) => {
        const res = await hub.http().put(`${base}/option/forwardedPort`).set(auth()).send(body).expect(400);
        expect(res.body.error_description).toMatch(/value|other/);
      },
    );
  });

  describe('debug and the diagnostic report', () => {
    it('when a namespace is debugged, then its update events reach the report; without it, only creations do', async () => {
      const zones = '/api/manager/zones/zone';
      const { body: state } = await hub.http().get('/api/manager/zones/state').set(auth()).expect(200);
      const { body: zone } = await hub.http().post(zones).set(auth()).send({ name: 'Sauna', icon: 'sauna', parent: state.rootZoneId }).expect(200);
      await hub.http().put(`${zones}/${zone.id}`).set(auth()).send({ name: 'Quiet sauna' }).expect(200);
      await hub.http().put(`${base}/debug`).set(auth()).send({ namespace: `homey:zone:*,-homey:zone:${state.rootZoneId}` }).expect(204);
      await hub.http().put(`${zones}/${zone.id}`).set(auth()).send({ name: 'Loud sauna' }).expect(200);
      await hub.http().put(`${zones}/${state.rootZoneId}`).set(auth()).send({ name: 'Home' }).expect(200);
      const { body: report } = await hub.http().post(`${base}/journalctl`).set(auth()).send({}).expect(200);
      expect(report).toContain(`homey:manager:zones zone.create ${zone.id}`);
      expect(report.match(new RegExp(`\\[debug\\] homey:zone:${zone.id} update`, 'g'))).toHaveLength(1);
      expect(report).not.toContain(`homey:zone:${state.rootZoneId} update`);
      expect(report).toContain('debug on for homey:zone:*');
    });

    it('when the older mask form is used, then its bits become namespaces; 0 switches debugging off', async () => {
      await hub.http().put(`${base}/debug/3`).set(auth()).send({}).expect(204);
      expect((await hub.http().get(`${base}/state`).set(auth()).expect(200)).body.debug).toEqual({ namespace: 'homey:manager:*,homey:device:*' });
      await hub.http().put(`${base}/debug/0`).set(auth()).send({}).expect(204);
      expect((await hub.http().get(`${base}/state`).set(auth()).expect(200)).body.debug).toEqual({ namespace: '' });
    });

    it.each([['8'], ['-1'], ['all']])('when the mask is %s, then 400 names it', async (mask) => {
      const res = await hub.http().put(`${base}/debug/${mask}`).set(auth()).send({}).expect(400);
      expect(res.body.error_description).toMatch(/mask/);
    });

    it.each([[{}], [{ namespace: 7 }], [{ namespace: 'x'.repeat(1001) }]])('when setDebug gets %j, then 400 names namespace', async (body) => {
      const res = await hub.http().put(`${base}/debug`).set(auth()).send(body).expect(400);
      expect(res.body.error_description).toMatch(/namespace/);
    });

    it('when a report is asked with a note, then it identifies the hub, counts its items and ends with the note', async () => {
      const { body: report } = await hub.http().post(`${base}/journalctl`).set(auth()).send({ append: 'Devices drop every night' }).expect(200);
      expect(report).toMatch(new RegExp(`^Diagnostic report of hub ${hub.hub.id} "`));
      expect(report).toContain('software 12.0.0');
      expect(report).toMatch(/Items: \d+ devices, \d+ zones, \d+ flows, \d+ advanced flows, \d+ apps, [1-9]\d* users/);
      expect(report).toMatch(/last reboot: reboot/);
      expect(report.endsWith('\n\nDevices drop every night')).toBe(true);
    });

    it.each([[{ append: 5 }], [{ append: 'x'.repeat(10001) }], [{ note: 'x' }]])('when sendLog gets %j, then 400', async (body) => {
      const res = await hub.http().post(`${base}/journalctl`).set(auth()).send(body).expect(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    });

    it('when a readonly token asks for the report, then it gets one', async () => {
      const readonly = bearer(hub.tokenWith(['homey.system.readonly']));
      expect((await hub.http().post(`${base}/journalctl`).set(readonly).send({}).expect(200)).body).toContain(hub.hub.id);
    });
  });
});
