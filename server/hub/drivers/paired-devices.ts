import type { components } from '../../../generated/hub/drivers.js';
import { conflict } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { buildDevice, requireZone, type Device } from '../devices/device.js';
import { beforeRemove, requireDevice } from '../devices/lifecycle.js';
import { excludeDevice, requirePairableNode } from '../radios/pairing.js';
import { requireAnswers, sessionDriver, touch, type PairSession } from './pairing.js';

type PairedDevice = components['schemas']['PairedDevice'];

/** createPairSessionDevice: a pair session adds the device to the home; a repair session re-links its device. */
export function addPairedDevice(hub: HubCore & Pick<Hub, 'radios'>, session: PairSession, body: PairedDevice): Device {
  if (session.type === 'unpair') throw conflict('An unpair session adds no device: deletePairSessionDevice removes its device');
  requireAnswers(session);
  const driver = sessionDriver(session);
  requirePairableNode(hub, driver, body.data.id);
  const taken = hub.store
    .values('device')
    .find((device) => device.driverId === driver.id && device.data.id === body.data.id && device.id !== session.deviceId);
  if (taken) throw conflict(`This device is already in the home as ${taken.name}`);
  if (session.type === 'repair') {
    const device = requireDevice(hub, session.deviceId!);
    const repaired = hub.store.save('device', { ...device, data: body.data, available: true, unavailableMessage: null });
    touch(hub, session);
    return repaired;
  }
  const zone = body.zone ?? session.zoneId;
  const zoneName = requireZone(hub, zone).name;
  const { name, data, store, capabilities, capabilitiesOptions, class: deviceClass, icon, iconOverride, settings, energy } = body;
  const device = hub.store.insert(
    'device',
    buildDevice({ driver, name, zone, zoneName, data, store, capabilities, capabilitiesOptions, class: deviceClass, icon, iconOverride, settings, energy }, new Date(hub.now()).toISOString()),
  );
  touch(hub, { ...session, devices: [...session.devices, device.id] });
  return device;
}

/** deletePairSessionDevice: an unpair session removes its device from the home. */
export function unpairDevice(hub: HubCore & Pick<Hub, 'groupsByMember' | 'radios'>, session: PairSession): void {
  if (session.type !== 'unpair') throw conflict(`A ${session.type} session removes no device: only an unpair session does`);
  const device = requireDevice(hub, session.deviceId!);
  beforeRemove(hub, device);
  excludeDevice(hub, device);
  hub.store.remove('device', device.id);
  touch(hub, session);
}
