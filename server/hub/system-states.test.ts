import { FakeClock } from '../http/clock.js';
import { parseArpTable } from './arp/api.js';
import { ensureDemoEnergyDongle } from './energydongle/demo.js';
import { bearer, startTestHub, type TestHub } from './testing/test-hub.js';

/** The managers that only tell a state (api, arp, clock, cron, discovery, icons, safety, security, vdevice, webserver), each over real HTTP. */
describe('state managers', () => {
  let hub: TestHub;
  let clock: FakeClock;
  let owner: ReturnType<typeof bearer>;
  const start = Date.parse('2026-11-24T10:00:00.000Z');
  beforeAll(async () => {
    clock = new FakeClock(start);
    hub = await startTestHub({ demoApps: true, clock, docsDir: undefined });
    owner = bearer(hub.token);
    ensureDemoEnergyDongle(hub.hub);
  });
  afterAll(() => hub.stop());
  const state = async (manager: string) => (await hub.http().get(`/api/manager/${manager}/state`).set(owner).expect(200)).body;
  const deviceNamed = (name: string) => hub.hub.store.values('device').find((device) => device.name === name)!;
  const set = (name: string, capability: string, value: boolean) =>
    hub.http().put(`/api/manager/devices/device/${deviceNamed(name).id}/capability/${capability}`).set(owner).send({ value }).expect(204);

  it('api: when asked, then every manager with its operations, these managers among them', async () => {
    const { managers, operationCount, apps } = await state('api');
    expect(managers.energydongle).toEqual({ id: 'energydongle', uri: 'homey:manager:energydongle', operationCount: 13 });
    expect(Object.keys(managers)).toHaveLength(53);
    expect(operationCount).toBe(Object.values<{ operationCount: number }>(managers).reduce((sum, manager) => sum + manager.operationCount, 0));
    // The demo home's apps with routes of their own, while they run.
    expect(apps).toContainEqual({ id: 'com.example.suntimes', basePath: '/api/app/com.example.suntimes/' });
  });

  it('arp: when the table is read, then resolved neighbours come in address order and incomplete ones are left out', async () => {
    const table = [
      'IP address       HW type     Flags       HW address            Mask     Device',
      '192.168.1.23     0x1         0x2         3C:22:FB:44:55:66     *        eth0',
      '192.168.1.9      0x1         0x0         00:00:00:00:00:00     *        eth0',
      '192.168.1.1      0x1         0x2         a4:2b:b0:11:22:33     *        wlan0',
    ].join('\n');
    expect(parseArpTable(table)).toEqual([
      { address: '192.168.1.1', mac: 'a4:2b:b0:11:22:33', interface: 'wlan0' },
      { address: '192.168.1.23', mac: '3c:22:fb:44:55:66', interface: 'eth0' },
    ]);
    expect(Array.isArray((await state('arp')).entries)).toBe(true);
  });

  it('clock: when time passes on the hub clock, then the state follows it', async () => {
    clock.advance(90_000);
    expect(await state('clock')).toMatchObject({ time: '2026-11-24T10:01:30.000Z', startedAt: '2026-11-24T10:00:00.000Z', uptime: 90, timezone: expect.any(String) });
  });

  it('cron: when an alarm is enabled, then it is scheduled with the nightly tasks, soonest first', async () => {
    const { tasks } = await state('cron');
    const alarm = hub.hub.store.values('alarm').find((one) => one.name === 'Wake up')!;
    expect(tasks).toContainEqual({ id: `alarm:${alarm.id}`, name: 'Wake up', next: alarm.nextOccurance });
    expect(tasks.map((task: { next: string }) => Date.parse(task.next))).toEqual([...tasks.map((task: { next: string }) => Date.parse(task.next))].sort((a, b) => a - b));
    await hub.http().put(`/api/manager/alarms/alarm/${alarm.id}`).set(owner).send({ enabled: false }).expect(200);
    expect((await state('cron')).tasks.map((task: { id: string }) => task.id)).not.toContain(`alarm:${alarm.id}`);
  });

  it('discovery: when the hub listens without mDNS, then it says it does not advertise, with what it would', async () => {
    expect(await state('discovery')).toEqual({
      advertising: false, serviceType: '_homey._tcp.local', instanceName: hub.hub.id, host: `homey-${hub.hub.id}.local`, port: null,
      txt: { id: hub.hub.id, version: hub.hub.version, apiVersion: '3' },
    });
  });

  it('icons: when a zone changes its icon, then the counts follow', async () => {
    const before = (await state('icons')).zoneIcons;
    expect(before.home).toBe(1);
    const kitchen = hub.hub.store.values('zone').find((zone) => zone.name === 'Kitchen')!;
    await hub.http().put(`/api/manager/zones/zone/${kitchen.id}`).set(owner).send({ icon: 'home' }).expect(200);
    const after = (await state('icons')).zoneIcons;
    expect(after.home).toBe(2);
    expect(after.kitchen).toBeUndefined();
  });

  it('safety: when a smoke detector goes off, then the home is not safe until it stops', async () => {
    const calm = await state('safety');
    expect(calm.safe).toBe(true);
    expect(calm.devices).toContainEqual(expect.objectContaining({ name: 'Kitchen smoke detector', values: { alarm_smoke: false }, alerting: [] }));
    await set('Kitchen smoke detector', 'alarm_smoke', true);
    const alarmed = await state('safety');
    expect(alarmed.safe).toBe(false);
    expect(alarmed.devices).toContainEqual(expect.objectContaining({ name: 'Kitchen smoke detector', values: { alarm_smoke: true }, alerting: ['alarm_smoke'] }));
    await set('Kitchen smoke detector', 'alarm_smoke', false);
    expect((await state('safety')).safe).toBe(true);
  });

  it('security: when a lock is unlocked, then it alerts until locked again', async () => {
    const lock = hub.hub.store.values('device').find((device) => device.capabilities.includes('locked'))!;
    await set(lock.name, 'locked', false);
    expect((await state('security')).devices).toContainEqual(expect.objectContaining({ id: lock.id, alerting: ['locked'] }));
    await set(lock.name, 'locked', true);
    expect((await state('security')).devices).toContainEqual(expect.objectContaining({ id: lock.id, alerting: [] }));
  });

  it('vdevice: when asked, then each of the hub\'s own drivers counts its devices', async () => {
    const { drivers, deviceCount } = await state('vdevice');
    expect(drivers['homey:manager:vdevice:energydongle']).toEqual({ id: 'homey:manager:vdevice:energydongle', name: 'Energy dongle', deviceCount: 1 });
    expect(drivers['homey:manager:vdevice:ipcamera'].deviceCount).toBe(1);
    expect(deviceCount).toBe(Object.values<{ deviceCount: number }>(drivers).reduce((sum, driver) => sum + driver.deviceCount, 0));
  });

  it('webserver: when the hub listens, then its address and the names it answers to are told', async () => {
    expect(await state('webserver')).toEqual({
      listening: [{ protocol: 'http', url: hub.url, since: '2026-11-24T10:00:00.000Z' }],
      hostNames: [`${hub.hub.id}.local`, `homey-${hub.hub.id}.local`],
      docs: false,
    });
  });
});
