import { randomUUID } from 'node:crypto';
import { FakeClock } from '../../http/clock.js';
import { applyValues } from '../devices/control.js';
import { buildDevice, type Device } from '../devices/device.js';
import { createGroup } from '../devices/groups.js';
import { findDriver } from '../drivers/catalogue.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import type { Zone } from '../zones/api.js';
import { LOW_BATTERY_PERCENT, NOTIFICATION_PURGE_INTERVAL_MS, notifyBattery, startNotifications } from './hub-events.js';
import { createNotification } from './notify.js';

describe("the hub's own notifications", () => {
  let hub: TestHub;
  let hallway: Zone;
  const notificationsAbout = (deviceId: string) =>
    hub.hub.store.values('notification').filter((notification) => notification.meta.deviceId === deviceId);
  const addDevice = (driver: string, name: string) =>
    hub.hub.store.insert('device', buildDevice({ driver: findDriver(`homey:manager:vdevice:${driver}`)!, name, zone: hallway.id, zoneName: hallway.name, data: { id: randomUUID() } }, new Date(hub.hub.now()).toISOString()));
  const report = (device: Device, values: Record<string, number | boolean>) => applyValues(hub.hub, hub.hub.store.get('device', device.id)!, values, randomUUID());

  beforeAll(async () => {
    hub = await startTestHub();
    hallway = hub.hub.store.values('zone').find((zone) => zone.name === 'Hallway')!;
  });
  afterAll(() => hub.stop());

  it('when a device is added to the home, then a notification of the devices manager says where', () => {
    const device = addDevice('motion', 'Porch motion');
    expect(notificationsAbout(device.id)).toEqual([
      expect.objectContaining({ ownerUri: 'homey:manager:devices', excerpt: '**Porch motion** was added to Hallway.', priority: 'INFO', meta: { deviceId: device.id } }),
    ]);
  });

  it('when a group is made, then no notification: the user made it', () => {
    const lights = [addDevice('light', 'Hall light 1'), addDevice('light', 'Hall light 2')];
    const group = createGroup(hub.hub, { name: 'Hall group', zone: hallway.id, class: 'light', devices: lights.map((light) => light.id) });
    expect(notificationsAbout(group.id)).toEqual([]);
  });

  it('when measure_battery drops below the threshold, then one warning per crossing, not per value', () => {
    const device = addDevice('motion', 'Attic motion');
    const lowBattery = () => notificationsAbout(device.id).filter((notification) => notification.meta.capabilityId === 'measure_battery');
    report(device, { measure_battery: LOW_BATTERY_PERCENT });
    expect(lowBattery()).toEqual([]);
    report(device, { measure_battery: 12 });
    expect(lowBattery()).toEqual([
      expect.objectContaining({ ownerUri: `homey:device:${device.id}`, excerpt: 'The battery of **Attic motion** is low (12%).', priority: 'WARNING' }),
    ]);
    report(device, { measure_battery: 9 });
    report(device, { measure_battery: 9 });
    expect(lowBattery()).toHaveLength(1);
    report(device, { measure_battery: 100 });
    report(device, { measure_battery: 5 });
    expect(lowBattery()).toHaveLength(2);
  });

  it('when a device owner is switched off, then its battery warnings are not posted', async () => {
    const device = addDevice('contact', 'Garage door');
    report(device, { measure_battery: 3 });
    expect(notificationsAbout(device.id).filter((notification) => notification.ownerUri === `homey:device:${device.id}`)).toHaveLength(1);
    await hub.http().put(`/api/manager/notifications/owner/homey:device:${device.id}/enabled`).set(bearer(hub.token)).send({ enabled: false }).expect(200);
    report(device, { measure_battery: 80 });
    report(device, { measure_battery: 4 });
    expect(notificationsAbout(device.id).filter((notification) => notification.ownerUri === `homey:device:${device.id}`)).toHaveLength(1);
  });

  it('when a device that notified is removed, then it is no longer an owner, and its notifications stay', async () => {
    const device = addDevice('smoke', 'Attic smoke detector');
    report(device, { measure_battery: 2 });
    const owner = `homey:device:${device.id}`;
    const owners = () => hub.http().get('/api/manager/notifications/owner').set(bearer(hub.token)).expect(200);
    expect((await owners()).body[owner]).toEqual({ enabled: true, push: true });
    await hub.http().delete(`/api/manager/devices/device/${device.id}`).set(bearer(hub.token)).expect(204);
    expect((await owners()).body).not.toHaveProperty([owner]);
    await hub.http().put(`/api/manager/notifications/owner/${owner}/push`).set(bearer(hub.token)).send({ push: false }).expect(404);
    expect(notificationsAbout(device.id).map((notification) => notification.ownerUri)).toContain(owner);
  });

  it('when alarm_battery turns on, then a warning once; measure_battery then stays quiet on that device', () => {
    const device = { ...addDevice('motion', 'Shed motion'), capabilities: ['alarm_motion', 'measure_battery', 'alarm_battery'] };
    const change = (capabilityId: string, value: boolean | number, previous: boolean | number) =>
      notifyBattery(hub.hub, { device, capabilityId, value, previous, transactionId: randomUUID(), time: hub.hub.now() });
    expect(change('alarm_battery', true, false)).toMatchObject({ excerpt: 'The battery of **Shed motion** is low.', meta: { capabilityId: 'alarm_battery' } });
    expect(change('alarm_battery', true, true)).toBeNull();
    expect(change('alarm_battery', false, true)).toBeNull();
    expect(change('measure_battery', 5, 50)).toBeNull();
  });
});

describe('the purge of expired notifications', () => {
  it('when a notification expires while the hub runs, then the purge on the hub clock removes it without a read; stopped, it cancels its timer', async () => {
    const clock = new FakeClock(Date.parse('2026-11-23T08:00:00.000Z'));
    const hub = await startTestHub({ clock });
    try {
      const first = createNotification(hub.hub, { ownerUri: 'homey:manager:flow', excerpt: 'First', ttlMs: 30_000 })!;
      clock.advance(NOTIFICATION_PURGE_INTERVAL_MS - 1);
      expect(hub.hub.store.get('notification', first.id)).toBeDefined();
      clock.advance(1);
      expect(hub.hub.store.get('notification', first.id)).toBeUndefined();
      const second = createNotification(hub.hub, { ownerUri: 'homey:manager:flow', excerpt: 'Second', ttlMs: 30_000 })!;
      clock.advance(NOTIFICATION_PURGE_INTERVAL_MS);
      expect(hub.hub.store.get('notification', second.id)).toBeUndefined();
      const pending = clock.pending;
      const stop = startNotifications(hub.hub);
      expect(clock.pending).toBe(pending + 1);
      stop();
      expect(clock.pending).toBe(pending);
    } finally {
      await hub.stop();
    }
  });
});
