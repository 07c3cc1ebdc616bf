import { badRequest, conflict } from '../../../http/errors.js';
import type { Hub } from '../../core/context.js';
import { CCCD, characteristicOf, servicesOf, shortUuid } from '../../ble/gatt.js';
import { bleState, requireAdvertisement, writeGatt } from '../../ble/radio.js';
import { onRadioChange } from '../../radios/changes.js';
import type { SdkRequests } from './requests.js';
import type { BleConnections } from './state.js';

/**
 * Apps' connections to the simulated radio's connectable peripherals (BleAdvertisement.connect): reads, writes and
 * notifications of their GATT servers (ble/gatt.ts). A change of the simulated peripheral notifies the apps
 * subscribed to a characteristic whose value changed; a peripheral gone out of range disconnects them.
 */


const addressOf = (value: unknown) => String(value).toLowerCase();
const advertisementOf = (hub: Hub, address: string) => requireAdvertisement(bleState(hub), address);

function connectionsOf(hub: Hub): BleConnections {
  const state = hub.sdkBridge;
  if (!state.ble) {
    const stop = onRadioChange(hub, (manager) => manager === 'ble' && tellChanges(hub));
    state.ble = { byApp: new Map(), stop };
  }
  return state.ble;
}

/** What changed on the connected peripherals goes out: notifications of subscribed values, disconnects of those gone. */
function tellChanges(hub: Hub): void {
  const { advertisements } = bleState(hub);
  for (const [appId, peripherals] of connectionsOf(hub).byApp) {
    for (const [address, connection] of peripherals) {
      const gatt = Object.hasOwn(advertisements, address) ? advertisements[address]!.gatt : null;
      if (!gatt) {
        disconnect(hub, appId, { address });
        hub.apps.tellSdkApps(appId, { type: 'ble.disconnect', address });
        continue;
      }
      for (const [key, sent] of connection.subscriptions) {
        const [service, characteristic] = key.split('/');
        const data = characteristicOf(gatt, service, characteristic).read(gatt);
        if (data.toString('hex') === sent) continue;
        connection.subscriptions.set(key, data.toString('hex'));
        hub.apps.tellSdkApps(appId, { type: 'ble.notification', address, service, characteristic, data: [...data] });
      }
    }
  }
}

/** The app's connection to a peripheral, and its GATT server as the simulator has it now. */
function connected(hub: Hub, appId: string, args: Record<string, unknown>) {
  const address = addressOf(args.address);
  const connection = connectionsOf(hub).byApp.get(appId)?.get(address);
  if (!connection) throw conflict(`Not connected to BLE peripheral ${address}: connect first`);
  const { gatt } = advertisementOf(hub, address);
  return { address, connection, gatt: gatt! };
}

function connect(hub: Hub, appId: string, args: Record<string, unknown>) {
  const address = addressOf(args.address);
  const advertisement = advertisementOf(hub, address);
  if (!advertisement.gatt) throw conflict(`BLE peripheral ${address} is not connectable`);
  const { byApp } = connectionsOf(hub);
  const peripherals = byApp.get(appId) ?? byApp.set(appId, new Map()).get(appId)!;
  if (!peripherals.has(address)) peripherals.set(address, { subscriptions: new Map() });
  return { address, rssi: advertisement.rssi };
}

function disconnect(hub: Hub, appId: string, args: Record<string, unknown>): void {
  const { byApp, stop } = connectionsOf(hub);
  byApp.get(appId)?.delete(addressOf(args.address));
  if (byApp.get(appId)?.size === 0) byApp.delete(appId);
  if (byApp.size > 0) return;
  stop();
  hub.sdkBridge.ble = undefined;
}

/** An app that stopped holds no connections. */
export function releaseBle(hub: Hub, appId: string): void {
  const held = hub.sdkBridge.ble?.byApp.get(appId);
  for (const address of held?.keys() ?? []) disconnect(hub, appId, { address });
}

function subscribe(hub: Hub, appId: string, args: Record<string, unknown>, on: boolean): void {
  const { gatt, connection } = connected(hub, appId, args);
  const characteristic = characteristicOf(gatt, args.service, args.characteristic);
  if (!characteristic.properties.includes('notify')) throw badRequest(`BLE characteristic ${characteristic.uuid} does not notify`);
  const key = `${shortUuid(args.service)}/${characteristic.uuid}`;
  if (on) connection.subscriptions.set(key, characteristic.read(gatt).toString('hex'));
  else connection.subscriptions.delete(key);
}

function write(hub: Hub, appId: string, args: Record<string, unknown>): number[] {
  const { address, gatt } = connected(hub, appId, args);
  const characteristic = characteristicOf(gatt, args.service, args.characteristic);
  if (!characteristic.write) throw badRequest(`BLE characteristic ${characteristic.uuid} is not writable`);
  if (!Array.isArray(args.data) || !args.data.every((byte) => Number.isInteger(byte) && byte >= 0 && byte <= 255)) throw badRequest('BLE data is a list of bytes');
  writeGatt(hub, address, characteristic.write(Buffer.from(args.data as number[])));
  return args.data as number[];
}

/** The Client Characteristic Configuration of a notifiable characteristic: notifications on (1, 0) or off (0, 0). */
function descriptor(hub: Hub, appId: string, args: Record<string, unknown>): number[] {
  const { connection, gatt } = connected(hub, appId, args);
  const characteristic = characteristicOf(gatt, args.service, args.characteristic);
  if (shortUuid(args.descriptor) !== CCCD || !characteristic.properties.includes('notify')) throw badRequest(`BLE descriptor ${String(args.descriptor)} of characteristic ${characteristic.uuid}`);
  if (Array.isArray(args.data)) subscribe(hub, appId, args, args.data[0] === 1);
  return [connection.subscriptions.has(`${shortUuid(args.service)}/${characteristic.uuid}`) ? 1 : 0, 0];
}

export const bleRequests: SdkRequests = {
  'ble.connect': connect,
  'ble.disconnect': disconnect,
  'ble.rssi': (hub, appId, args) => advertisementOf(hub, connected(hub, appId, args).address).rssi,
  'ble.services': (hub, appId, args) => servicesOf(connected(hub, appId, args).gatt),
  'ble.read': (hub, appId, args) => {
    const { gatt } = connected(hub, appId, args);
    const characteristic = characteristicOf(gatt, args.service, args.characteristic);
    if (!characteristic.properties.includes('read')) throw badRequest(`BLE characteristic ${characteristic.uuid} is not readable`);
    return [...characteristic.read(gatt)];
  },
  'ble.write': write,
  'ble.subscribe': (hub, appId, args) => subscribe(hub, appId, args, true),
  'ble.unsubscribe': (hub, appId, args) => subscribe(hub, appId, args, false),
  'ble.descriptor': descriptor,
};
