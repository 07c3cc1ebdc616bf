import { hubSecret } from '../../cloud/callers/hub-secret.js';
import { createInfraredService } from '../../cloud/infrared/service.js';
import type { ServiceHttp } from '../../http/service.js';
import { DEMO_REMOTE, ensureDemoRemote } from '../demo/infrared.js';
import type { Device } from '../devices/device.js';
import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { fetchLibraryDevice, INFRARED_DRIVER_ID, onInfraredKey, type KeySent } from './infrared-remotes.js';

const key = 'test-deployment-key';

describe('infrared remotes made from the cloud infrared library', () => {
  let infrared: ServiceHttp;
  let infraredUrl: string;
  let hub: TestHub;
  let remote: Device;
  beforeAll(async () => {
    infrared = createInfraredService({ hubSecretKey: key });
    infraredUrl = await infrared.listen(0);
    hub = await startTestHub();
    hub.hub.config.hubSecret = hubSecret(key, hub.hub.id);
  });
  afterAll(async () => {
    await hub.stop();
    await infrared.close();
  });
  const auth = () => ({ Authorization: `Bearer ${hub.token}` });
  const press = (capability: string, value: boolean) =>
    hub.http().put(`/api/manager/devices/device/${remote.id}/capability/${capability}`).set(auth()).send({ value }).expect(204);

  it("when the demo home's remote is added, then it is the library's TV in the living room with the keys it has codes for, once", async () => {
    remote = (await ensureDemoRemote(hub.hub, infraredUrl))!;
    const { body } = await hub.http().get(`/api/manager/devices/device/${remote.id}`).set(auth()).expect(200);
    expect(body).toMatchObject({ name: DEMO_REMOTE.name, zoneName: DEMO_REMOTE.zone, driverId: INFRARED_DRIVER_ID, class: 'tv' });
    expect(body.capabilities).toEqual(['onoff', 'volume_up', 'volume_down', 'volume_mute', 'channel_up', 'channel_down']);
    expect(await ensureDemoRemote(hub.hub, infraredUrl)).toBeNull();
    const devices = Object.values<Device>((await hub.http().get('/api/manager/devices/device').set(auth()).expect(200)).body);
    expect(devices.filter((device) => device.driverId === INFRARED_DRIVER_ID)).toHaveLength(1);
  });

  it("when it is switched and its keys pressed, then the hub sends the library's codes over infrared, each press once, power only when it changes, and the keys spring back", async () => {
    const library = await fetchLibraryDevice(hub.hub, infraredUrl, DEMO_REMOTE.libraryId);
    const sent: KeySent[] = [];
    const stop = onInfraredKey(hub.hub, (key) => sent.push(key));
    try {
      await press('onoff', true);
      await press('volume_up', true);
      await press('volume_up', true);
      await press('onoff', false);
      await press('onoff', false);
    } finally {
      stop();
    }
    // This TV has one power key, which toggles: it stands in for on and off.
    expect(Object.keys(library.codes)).not.toContain('powerOn');
    expect(sent.map(({ key }) => key)).toEqual(['power', 'volumeUp', 'volumeUp', 'power']);
    expect(sent.every(({ key, pronto, deviceId }) => pronto === library.codes[key] && deviceId === remote.id)).toBe(true);
    const { body: rf } = await hub.http().get('/api/manager/rf/state').set(auth()).expect(200);
    expect(rf.lastTransmission).toMatchObject({ frequency: 'ir', repetitions: 1 });
    const { body: device } = await hub.http().get(`/api/manager/devices/device/${remote.id}`).set(auth()).expect(200);
    expect(device.capabilitiesObj).toMatchObject({ onoff: { value: false }, volume_up: { value: false } });
  });

  it('when the library has no such device, cannot be reached, or the hub has no credential, then 404, 503 and 503', async () => {
    await expect(fetchLibraryDevice(hub.hub, infraredUrl, 'no-such-tv')).rejects.toMatchObject({ statusCode: 404 });
    await expect(fetchLibraryDevice(hub.hub, 'http://127.0.0.1:9', 'samsung-tv')).rejects.toMatchObject({ statusCode: 503 });
    const { hubSecret: saved } = hub.hub.config;
    hub.hub.config.hubSecret = undefined;
    try {
      await expect(fetchLibraryDevice(hub.hub, infraredUrl, 'samsung-tv')).rejects.toMatchObject({ statusCode: 503, message: expect.stringContaining('credential') });
    } finally {
      hub.hub.config.hubSecret = saved;
    }
  });
});
