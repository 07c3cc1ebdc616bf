import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/drivers.js';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { requireZone } from '../devices/device.js';
import { rootZone } from '../zones/api.js';
import { radioCandidates } from '../radios/pairing.js';
import { findDriver, driverItem, ownerOf, type DriverDefinition } from './catalogue.js';

export type PairSession = components['schemas']['PairSession'];
type PairSessionCreate = components['schemas']['PairSessionCreate'];
type FoundDevice = components['schemas']['FoundDevice'];

/** A session ends after this long without a call or heartbeat. */
export const PAIR_SESSION_TTL_MS = 5 * 60_000;
const FOUND_PER_SEARCH = 3;
const PIN = /^\d{5}$/;

const expiresAt = (hub: HubCore) => new Date(hub.now() + PAIR_SESSION_TTL_MS).toISOString();
const isExpired = (hub: HubCore, session: PairSession) => Date.parse(session.expiresAt) <= hub.now();

export function purgeExpired(hub: HubCore): void {
  for (const session of hub.store.values('pairsession')) if (isExpired(hub, session)) hub.store.remove('pairsession', session.id);
}

export function sessionDriver(session: PairSession): DriverDefinition {
  return findDriver(session.driverId)!;
}

/** The open session, or a 404 (an expired session is removed on the way). */
export function requireSession(hub: HubCore, id: string): PairSession {
  const session = hub.store.get('pairsession', id);
  if (session && isExpired(hub, session)) {
    hub.store.remove('pairsession', id);
    throw new ApiError(404, 'not_found', 'Pair session expired: start a new one');
  }
  if (!session) throw notFound('Pair session');
  return session;
}

/** Saves the session with five more minutes to live. */
export const touch = (hub: HubCore, session: PairSession): PairSession => hub.store.save('pairsession', { ...session, expiresAt: expiresAt(hub) });

function sessionDevice(hub: HubCore, input: PairSessionCreate, driver: DriverDefinition): string | null {
  if (input.type === 'pair') {
    if (input.deviceId !== undefined) throw badRequest('A pair session adds new devices and takes no deviceId');
    return null;
  }
  if (input.deviceId === undefined) throw badRequest(`An ${input.type} session needs the deviceId of the device to ${input.type}`);
  const device = hub.store.get('device', input.deviceId);
  if (!device) throw badRequest(`Device not found: ${input.deviceId}`);
  if (device.driverId !== driver.id) throw badRequest(`${device.name} is not a device of driver ${driver.id}`);
  return device.id;
}

export function openSession(hub: HubCore, input: PairSessionCreate): PairSession {
  purgeExpired(hub);
  const driver = findDriver(input.driverId);
  if (!driver) throw badRequest(`Driver not found: ${input.driverId}`);
  if (!driver.pairable) throw conflict(`${driver.name} devices are not paired: use createGroup, updateGroup and deleteDevice`);
  const deviceId = sessionDevice(hub, input, driver);
  if (input.zoneId !== undefined) requireZone(hub, input.zoneId);
  const views = driverItem(driver)[input.type];
  const session: PairSession = {
    id: randomUUID(),
    type: input.type,
    driverId: driver.id,
    driverUri: ownerOf(driver),
    deviceId,
    zoneId: input.zoneId ?? rootZone(hub.store)!.id,
    views,
    viewId: views[0]?.id ?? null,
    devices: [],
    callbacks: {},
    expiresAt: expiresAt(hub),
  };
  return hub.store.insert('pairsession', session);
}

export const VIEW_ACTIONS = ['showView', 'nextView', 'prevView', 'done'] as const;
export type ViewAction = (typeof VIEW_ACTIONS)[number];

/**
 * The view a driver's move leads to: `showView` a view of the session's, `nextView`/`prevView` the current view's
 * navigation, else the next or previous in the list; at either end of the list, and at `done`, the screen stays.
 */
export function movedView(session: PairSession, action: ViewAction, viewId?: string): string | null {
  const { views } = session;
  if (action === 'showView') {
    if (!views.some((view) => view.id === viewId)) throw badRequest(`${String(viewId)} is not one of the session's views: ${views.map((view) => view.id).join(', ')}`);
    return viewId!;
  }
  if (action === 'done') return session.viewId;
  const index = views.findIndex((view) => view.id === session.viewId);
  const declared = action === 'nextView' ? views[index]?.navigation.next : views[index]?.navigation.prev;
  return declared ?? views[action === 'nextView' ? index + 1 : index - 1]?.id ?? session.viewId;
}

/** The search: nodes that joined the driver's radio network (server/hub/radios), then the next few virtual devices of the driver that are not in the home yet. */
export function discover(hub: HubCore & Pick<Hub, 'radios'>, driver: DriverDefinition): FoundDevice[] {
  const joined = radioCandidates(hub, driver);
  const name = driver.id.slice(driver.id.lastIndexOf(':') + 1);
  const paired = new Set(
    hub.store.values('device').filter((device) => device.driverId === driver.id).map((device) => device.data.id),
  );
  const found: FoundDevice[] = [];
  for (let n = 1; found.length < FOUND_PER_SEARCH; n++) {
    if (!paired.has(`${name}-${n}`)) found.push({ name: `Virtual ${driver.name.toLowerCase()} ${n}`, data: { id: `${name}-${n}` } });
  }
  return [...joined, ...found];
}

/** emitPairingEvent: `list_devices` searches; a driver that needs the device's PIN asks for it once. */
export function emitEvent(hub: HubCore & Pick<Hub, 'radios'>, session: PairSession, event: string): FoundDevice[] {
  if (session.type === 'unpair' || event !== 'list_devices') {
    const known = session.type === 'unpair' ? 'no events' : 'list_devices';
    throw badRequest(`Unknown pairing event: ${event} (${session.type} sessions understand ${known})`);
  }
  const driver = sessionDriver(session);
  const asked = Object.values(session.callbacks).some((callback) => callback.event === 'pincode');
  const callbacks = { ...session.callbacks };
  if (driver.asksPin && session.type === 'pair' && !asked) {
    const id = randomUUID();
    callbacks[id] = { id, event: 'pincode', data: { length: 5, title: `Enter the 5-digit PIN printed on the ${driver.name.toLowerCase()}` }, answered: false };
  }
  touch(hub, { ...session, callbacks });
  return discover(hub, driver);
}

/** emitPairingCallback: the user's answer to a driver's question. */
export function answerCallback(hub: HubCore, session: PairSession, callbackId: string, data: unknown): void {
  const callback = Object.hasOwn(session.callbacks, callbackId) ? session.callbacks[callbackId] : undefined;
  if (!callback) throw new ApiError(404, 'not_found', `Pairing callback not found: ${callbackId}`);
  if (callback.answered) throw conflict('This question was already answered');
  if (callback.event === 'pincode' && (typeof data !== 'string' || !PIN.test(data))) throw badRequest('The PIN must be a string of 5 digits');
  touch(hub, { ...session, callbacks: { ...session.callbacks, [callbackId]: { ...callback, answered: true } } });
}

/** A pair session may add devices once its driver's questions are answered. */
export function requireAnswers(session: PairSession): void {
  const driver = sessionDriver(session);
  const pin = Object.values(session.callbacks).find((callback) => callback.event === 'pincode');
  if (driver.asksPin && session.type === 'pair' && !pin?.answered) {
    throw conflict(`Enter the ${driver.name.toLowerCase()}'s PIN first: list_devices asks for it, emitPairingCallback answers`);
  }
}
