import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestHub, type TestHub } from '../../server/hub/testing/test-hub.js';
import { APIError, HubAPIError } from '../errors.js';
import { HubAPI } from './hub-api.js';

/** An address where nothing listens: a port that was free a moment ago. */
async function deadAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('HubAPI over HTTP against a real hub', () => {
  let hub: TestHub;
  let api: HubAPI;
  let root: string;

  beforeAll(async () => {
    hub = await startTestHub();
    api = await HubAPI.connect({ address: hub.url, token: hub.token });
    root = (await api.zones.getState()).rootZoneId;
  });
  afterAll(() => hub.stop());

  describe('connect', () => {
    it('when the hub answers the ping, then the client knows its id, with or without an expected id', async () => {
      expect(api.id).toBe(hub.hub.id);
      expect(api.address).toBe(hub.url);
      const expected = await HubAPI.connect({ address: `${hub.url}/`, token: hub.token, homeyId: hub.hub.id });
      expect(expected.id).toBe(hub.hub.id);
    });

    it('when the hub has another id, then Invalid Homey ID', async () => {
      await expect(HubAPI.connect({ address: hub.url, token: hub.token, homeyId: 'another-hub' })).rejects.toThrow(
        new APIError('Invalid Homey ID'),
      );
    });

    it('when a web server that is not a hub answers, then Invalid Homey ID', async () => {
      const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('true'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        await expect(HubAPI.connect({ address, token: 't' })).rejects.toThrow('Invalid Homey ID');
      } finally {
        server.close();
      }
    });

    it('when a server answers JSON that does not parse, then Failed to parse response body as JSON with its status', async () => {
      const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"zones": '));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const broken = HubAPI.open({ address: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, id: hub.hub.id, token: hub.token });
        await expect(broken.zones.getZones()).rejects.toMatchObject({ message: 'Failed to parse response body as JSON', statusCode: 200 });
      } finally {
        server.close();
      }
    });

    it('when nothing listens at the address, then No Homey Found At Address', async () => {
      await expect(HubAPI.connect({ address: await deadAddress(), token: hub.token })).rejects.toThrow('No Homey Found At Address');
    });

    it('when the address, token or hub id is not usable, then Invalid Address, Invalid Token or Invalid Homey', async () => {
      for (const address of ['hub.local', 'ftp://hub.local', `${hub.url}/api`, 42]) {
        await expect(HubAPI.connect({ address: address as string, token: hub.token })).rejects.toThrow('Invalid Address');
      }
      await expect(HubAPI.connect({ address: hub.url, token: '' })).rejects.toThrow('Invalid Token');
      // @ts-expect-error: what an untyped caller may pass (no token)
      await expect(HubAPI.connect({ address: hub.url, token: undefined })).rejects.toThrow('Invalid Token');
      // @ts-expect-error: what an untyped caller may pass (a number for the id)
      await expect(HubAPI.connect({ address: hub.url, token: hub.token, homeyId: 7 })).rejects.toThrow('Invalid Homey');
    });
  });

  describe('manager calls with named arguments', () => {
    it('when a zone is created, read, updated, listed and deleted, then each call answers like the hub', async () => {
      const zone = await api.zones.createZone({ zone: { name: 'Attic', icon: 'attic', parent: root } });
      expect(zone).toMatchObject({ name: 'Attic', icon: 'attic', parent: root, active: false });
      expect(await api.zones.getZone({ id: zone.id })).toEqual(zone);
      const updated = await api.zones.updateZone({ id: zone.id, zone: { name: 'Loft' } });
      expect(updated).toMatchObject({ id: zone.id, name: 'Loft', icon: 'attic' });
      const zones = await api.zones.getZones();
      expect(zones[zone.id]).toEqual(updated);
      await expect(api.zones.deleteZone({ id: zone.id })).resolves.toBeUndefined();
    });

    it('when devices are listed and a capability is set, then the list is keyed by id and the value changes', async () => {
      const devices = await api.devices.getDevices();
      const lamp = Object.values(devices).find((device) => device.name === 'Floor lamp')!;
      expect(devices[lamp.id]!.id).toBe(lamp.id);
      await expect(api.devices.setCapabilityValue({ deviceId: lamp.id, capabilityId: 'onoff', value: false })).resolves.toBeUndefined();
      expect((await api.devices.getDevice({ id: lamp.id })).capabilitiesObj.onoff?.value).toBe(false);
      // @ts-expect-error: value is required
      await expect(api.devices.setCapabilityValue({ deviceId: lamp.id, capabilityId: 'onoff' })).rejects.toThrow('Missing Parameter: value');
      await expect(api.devices.setCapabilityValue({ deviceId: lamp.id, capabilityId: 'onoff', value: 'on' })).rejects.toMatchObject({ statusCode: 400 });
    });

    it("when an operation answers bytes, then they come as a Uint8Array; its errors as HubAPIErrors", async () => {
      const [image] = Object.values(await api.images.getImages());
      const picture = await api.images.getImageContent({ id: image!.id });
      expect(picture).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(picture).toString('utf8')).toMatch(/^<svg .*Front door camera.*<\/svg>$/);
      await expect(api.images.getImageContent({ id: 'nope' })).rejects.toMatchObject({ statusCode: 404, message: 'Image not found' });
    });

    it('when the ping is called as a method, then it answers true for this hub and false for another id', async () => {
      await expect(api.system.ping()).resolves.toBe(true);
      await expect(api.system.ping({ id: 'another-hub' })).resolves.toBe(false);
    });

    it('when an argument is missing, then Missing Parameter names it before any call', async () => {
      // @ts-expect-error: the types know id is required; the check holds for untyped callers too
      await expect(api.zones.getZone({})).rejects.toThrow(new Error('Missing Parameter: id'));
      // @ts-expect-error: zone is required
      await expect(api.zones.createZone()).rejects.toThrow(new Error('Missing Parameter: zone'));
    });

    it('when an argument has the wrong type, then Invalid Parameter Type says what it got and expected', async () => {
      // @ts-expect-error: id is a string
      await expect(api.zones.getZone({ id: 5 })).rejects.toThrow(new Error('Invalid Parameter Type: id. Got: number. Expected: string.'));
      // @ts-expect-error: zone is an object
      await expect(api.zones.createZone({ zone: 'Attic' })).rejects.toThrow(
        new Error('Invalid Parameter Type: zone. Got: string. Expected: object.'),
      );
      // @ts-expect-error: zone is an object
      await expect(api.zones.createZone({ zone: [] })).rejects.toThrow(
        new Error('Invalid Parameter Type: zone. Got: array. Expected: object.'),
      );
      // @ts-expect-error: id is a string
      await expect(api.system.ping({ id: true })).rejects.toThrow(
        new Error('Invalid Parameter Type: id. Got: boolean. Expected: string.'),
      );
    });

    it('when the hub refuses a call, then a HubAPIError carries its status, code and description', async () => {
      const missing = await api.zones.getZone({ id: 'homey:zone:nope' }).catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(HubAPIError);
      expect(missing).toMatchObject({ statusCode: 404, error: 'not_found', description: 'Zone not found', message: 'Zone not found' });
      await expect(api.zones.deleteZone({ id: root })).rejects.toMatchObject({ statusCode: 409, error: 'conflict' });
      await expect(api.zones.createZone({ zone: { name: 'X', icon: 'home', parent: 'nope' } })).rejects.toMatchObject({
        statusCode: 400,
        description: 'Parent zone not found: nope',
      });
    });

    it('when the token is bad, then 401; when it lacks the scope, then 403', async () => {
      const bad = await HubAPI.connect({ address: hub.url, token: 'not-a-token' });
      await expect(bad.zones.getZones()).rejects.toMatchObject({ name: 'HubAPIError', statusCode: 401, error: 'invalid_token' });
      const readonly = await HubAPI.connect({ address: hub.url, token: hub.tokenWith(['homey.zone.readonly']) });
      await expect(readonly.zones.getZones()).resolves.toBeDefined();
      await expect(readonly.zones.createZone({ zone: { name: 'A', icon: 'home', parent: root } })).rejects.toMatchObject({
        statusCode: 403,
        description: 'Missing scope: homey.zone',
      });
    });

    it('when every manager of the contract is listed, then each is a property named in camelCase with its operations', () => {
      expect(typeof api.zones.createZone).toBe('function');
      expect(typeof api.system.getInfo).toBe('function');
      expect(typeof api.devices.setCapabilityValue).toBe('function');
    });
  });
});
