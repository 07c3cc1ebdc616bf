import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { capabilityEntry, insightsOf, onlyValuesChanged, uiOf, type Device } from '../devices/device.js';
import { applyValues, checkValue, requireCapability } from '../devices/control.js';
import { hubLocation } from '../geolocation/geolocation.js';
import { modeOption } from '../geolocation/geolocation.js';
import { hubLanguage, hubUnits } from '../i18n/i18n.js';
import { onCloudWebhook } from '../logic/webhooks.js';
import { registerCloudWebhook, unregisterCloudWebhook } from '../cloud/webhooks.js';
import { createNotification } from '../notifications/notify.js';
import type { AppWorker, WorkerMessage } from './app-worker.js';
import { matchRoute } from './routes.js';
import { appUri } from './app-record.js';
import { apiRealtimeRequests, HUB_MANAGERS, stopFollowing } from './sdk-bridge/api-realtime.js';
import { bleRequests, releaseBle } from './sdk-bridge/ble.js';
import { dropScreensavers, forgetSamples, mediaRequests } from './sdk-bridge/media.js';
import { nodeRequests, releaseNodes } from './sdk-bridge/nodes.js';
import { pairingRequests } from './sdk-bridge/pairing.js';
import { radioRequests, stopReceivers } from './sdk-bridge/radios.js';
import { recordRequests } from './sdk-bridge/records.js';
import { requirePermission, type SdkRequests } from './sdk-bridge/requests.js';
import { revokeOwnerToken, webApiRequests } from './sdk-bridge/web-api.js';
import { unregisterWidgets, widgetRequests } from './sdk-bridge/widgets.js';
import { requireOwnImage, removeImagesOf } from '../images/app-images.js';
import { discoveryResults } from '../devkit/discovery.js';

/** The state key of a device trigger's firing: the device it fired for, matched against the flows' `device` arg. */
export const TRIGGER_DEVICE = '__device';
/** The state key of the args (as JSON) of the flows an app's trigger run listener let start; absent: every flow starts. */
export const TRIGGER_MATCHED = '__matched';

/** A firing's state as the flow engine hands it to the trigger's `matches` (apps/cards.ts). */
export function triggerState({ state, deviceId, matched }: { state: Record<string, unknown>; deviceId?: string; matched?: string[] }): Record<string, unknown> {
  return { ...state, ...(deviceId === undefined ? {} : { [TRIGGER_DEVICE]: deviceId }), ...(matched === undefined ? {} : { [TRIGGER_MATCHED]: matched }) };
}

/** The app a device belongs to, by its owner uri. */
export const appOfDevice = (device: Pick<Device, 'ownerUri'>): string | undefined =>
  device.ownerUri.startsWith('homey:app:') ? device.ownerUri.slice('homey:app:'.length) : undefined;

/** A device as an SDK v3 app's Device holds it (sdk/device.cjs). */
export function deviceState(device: Device) {
  return {
    id: device.id,
    driverId: device.driverId.slice(device.driverId.lastIndexOf(':') + 1),
    name: device.name,
    data: device.data,
    store: { ...(device.store ?? {}) },
    settings: { ...device.settings },
    class: device.class,
    capabilities: [...device.capabilities],
    values: Object.fromEntries(device.capabilities.map((id) => [id, device.capabilitiesObj[id]?.value ?? null])),
    capabilitiesOptions: device.capabilitiesOptions,
    available: device.available,
    unavailableMessage: device.unavailableMessage,
    energy: device.energy,
  };
}

/** The app's `/userdata` folder: kept across its restarts and updates, removed with the app (lifecycle.ts). */
export const userdataDir = (hub: HubCore, appId: string): string => join(hub.config.dataDir, 'userdata', appId);

/** What an app's worker learns of the hub when it starts: its language, units, timezone, location, managers and the app's devices. */
export function hubFacts(hub: Hub, appId: string) {
  const location = hubLocation(hub);
  const userdata = userdataDir(hub, appId);
  mkdirSync(userdata, { recursive: true });
  return {
    userdata,
    version: hub.version,
    tmpdir: tmpdir(),
    language: hubLanguage(hub),
    units: hubUnits(hub),
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    location: { latitude: location?.latitude ?? 0, longitude: location?.longitude ?? 0, accuracy: location?.accuracy ?? 0, mode: modeOption.get(hub) },
    devices: hub.store.values('device').filter((device) => appOfDevice(device) === appId).map(deviceState),
    managers: HUB_MANAGERS,
  };
}

/** The app's own device, or a 404 (an app reaches no other device). */
function ownDevice(hub: Hub, appId: string, deviceId: unknown): Device {
  const device = typeof deviceId === 'string' ? hub.store.get('device', deviceId) : undefined;
  if (!device || appOfDevice(device) !== appId) throw notFound(`Device ${String(deviceId)} of ${appId}`);
  return device;
}

/** The transaction of a value an app reported: its own listeners do not hear it back (runtime.tellCapability). */
export const appWrites = new Set<string>();

/**
 * An app reports a capability value of its device: within the capability's bounds, settable by users or not; `null`
 * (unknown again, as an app clears a meter) as Homey takes it.
 */
export function reportCapability(hub: Hub, appId: string, deviceId: unknown, capabilityId: string, value: unknown): void {
  const device = ownDevice(hub, appId, deviceId);
  const entry = requireCapability(device, capabilityId);
  const transactionId = randomUUID();
  appWrites.add(transactionId);
  try {
    applyValues(hub, device, { [capabilityId]: value === null ? null : checkValue({ ...entry, setable: true }, value) }, transactionId);
  } finally {
    appWrites.delete(transactionId);
  }
}

const UPDATABLE = new Set(['settings', 'store', 'available', 'unavailableMessage', 'warningMessage', 'class', 'energy', 'capabilitiesOptions']);
const MAX_WARNING = 1000;

function updateDevice(hub: Hub, appId: string, { deviceId, changes }: { deviceId: unknown; changes: Record<string, unknown> }): void {
  const device = ownDevice(hub, appId, deviceId);
  const stray = Object.keys(changes).find((key) => !UPDATABLE.has(key));
  if (stray) throw badRequest(`An app does not change a device's ${stray}`);
  const warning = changes.warningMessage;
  if (warning !== undefined && warning !== null && (typeof warning !== 'string' || warning.length > MAX_WARNING)) {
    throw badRequest(`A device's warning is a text of up to ${MAX_WARNING} characters`);
  }
  hub.store.save('device', { ...device, ...changes } as Device);
}

function changeCapabilities(hub: Hub, appId: string, deviceId: unknown, capabilityId: string, add: boolean): void {
  const device = ownDevice(hub, appId, deviceId);
  const capabilities = add ? [...device.capabilities, capabilityId] : device.capabilities.filter((id) => id !== capabilityId);
  const capabilitiesObj = { ...device.capabilitiesObj };
  if (add) capabilitiesObj[capabilityId] = capabilityEntry(capabilityId, [device.capabilitiesOptions[capabilityId]], null, null, device.ownerUri);
  else delete capabilitiesObj[capabilityId];
  hub.store.save('device', {
    ...device, capabilities, capabilitiesObj, ui: uiOf(capabilities, capabilitiesObj), insights: insightsOf(device.id, capabilities, capabilitiesObj, device.ownerUri),
  });
}

/** A picture of the app's device (a camera's, a speaker's album art): one of the app's images, by its id on the device. */
function setDeviceImage(hub: Hub, appId: string, { deviceId, type, id, title, imageId }: Record<string, unknown>): void {
  const device = ownDevice(hub, appId, deviceId);
  const image = requireOwnImage(hub, appUri(appId), imageId);
  if (type !== 'camera' && type !== 'media') throw badRequest('A device image is a camera or media image');
  const entry: Device['images'][number] = { type, id: String(id), ...(typeof title === 'string' ? { title } : {}), imageObj: { id: image.id, url: image.url } };
  const images = [...device.images.filter((existing) => !(existing.type === type && existing.id === entry.id)), entry];
  hub.store.save('device', { ...device, images });
}

/** Another app's route, called by an app that holds the permission `homey:app:<target>`, as the web API would. */
async function callApp(hub: Hub, appId: string, { appId: target, method, path, body }: Record<string, unknown>): Promise<unknown> {
  requirePermission(hub, appId, `homey:app:${String(target)}`);
  const pack = typeof target === 'string' ? hub.apps.packages.get(target) : undefined;
  const found = pack && matchRoute(pack.manifest.api, String(method), String(path).replace(/^\//, ''));
  if (!found) throw notFound(`Route ${String(method)} ${String(path)} of ${String(target)}`);
  return hub.apps.worker(target as string).call({ type: 'api', route: found.route.name, params: found.params, query: {}, body: body ?? {} });
}

/** The args the enabled flows and advanced flows give the app's card `cardId`; of those naming `deviceId` only, if given. */
function argumentValues(hub: Hub, appId: string, cardId: string, deviceId: unknown): Array<Record<string, unknown>> {
  const id = `${appUri(appId)}:${cardId}`;
  const cards = [
    ...hub.store.values('flow').filter((flow) => flow.enabled).flatMap((flow) => [flow.trigger, ...(flow.conditions ?? []), ...(flow.actions ?? [])]),
    ...hub.store.values('advancedflow').filter((flow) => flow.enabled).flatMap((flow) => Object.values(flow.cards ?? {})),
  ];
  const values = cards.filter((card) => card?.id === id).map((card) => (card!.args ?? {}) as Record<string, unknown>);
  if (deviceId === undefined) return values;
  return values.filter((args) => Object.values(args).some((value) => (value as { id?: unknown } | null)?.id === deviceId));
}

/** Answers an SDK v3 app's request (sdk/host.cjs) with its value; what it may not do is refused with a reason. */
async function answerRequest(hub: Hub, appId: string, method: string, args: Record<string, unknown>): Promise<unknown> {
  switch (method) {
    case 'device.setCapability':
      return reportCapability(hub, appId, args.deviceId, String(args.capabilityId), args.value);
    case 'device.update':
      return updateDevice(hub, appId, args as { deviceId: unknown; changes: Record<string, unknown> });
    case 'device.addCapability':
    case 'device.removeCapability':
      return changeCapabilities(hub, appId, args.deviceId, String(args.capabilityId), method === 'device.addCapability');
    case 'notification':
      createNotification(hub, { ownerUri: appUri(appId), excerpt: String(args.excerpt) });
      return undefined;
    case 'api.call':
      return callApp(hub, appId, args);
    case 'apps.get': {
      const app = typeof args.appId === 'string' ? hub.store.get('app', args.appId) : undefined;
      return { installed: Boolean(app), version: app?.version ?? null };
    }
    case 'flow.argumentValues':
      return argumentValues(hub, appId, String(args.cardId), args.deviceId);
    case 'cloud.homeyId':
      return hub.id;
    case 'device.setImage':
      return setDeviceImage(hub, appId, args);
    case 'discovery.results':
      return Object.values(discoveryResults(hub));
    case 'cloud.createWebhook': {
      const { id, data } = args;
      if (typeof id !== 'string' || data === null || typeof data !== 'object' || Array.isArray(data)) throw badRequest('createWebhook takes the webhook id and an object of data');
      return registerCloudWebhook(hub, { id, name: hub.store.get('app', appId)?.name ?? appId, ownerUri: appUri(appId), data: data as Record<string, unknown> });
    }
    case 'cloud.unregisterWebhook':
      return unregisterCloudWebhook(hub, String(args.id), appUri(appId));
    default:
      if (!Object.hasOwn(managerRequests, method)) throw new ApiError(404, 'not_found', `The hub answers no SDK request ${method}`);
      return managerRequests[method]!(hub, appId, args);
  }
}

/** The requests of the managers with files of their own (sdk-bridge/). */
const managerRequests: SdkRequests = { ...apiRealtimeRequests, ...bleRequests, ...mediaRequests, ...nodeRequests, ...pairingRequests, ...radioRequests, ...recordRequests, ...webApiRequests, ...widgetRequests };

/** What an app that stopped leaves running on the hub: its samples, screensavers, followed APIs, radio receivers, held nodes, BLE connections and widgets. */
export function appStopped(hub: Hub, appId: string): void {
  forgetSamples(hub, appId);
  dropScreensavers(hub, appId, { forget: false });
  stopFollowing(hub, appId);
  stopReceivers(hub, appId);
  releaseNodes(hub, appId);
  releaseBle(hub, appId);
  unregisterWidgets(hub, appId);
}

/** What an uninstalled app leaves on the hub: its chosen screensaver, insights logs, images and owner token. */
function appRemoved(hub: Hub, appId: string): void {
  appStopped(hub, appId);
  dropScreensavers(hub, appId, { forget: true });
  hub.insights.removeOwner(appUri(appId));
  removeImagesOf(hub, appUri(appId));
  revokeOwnerToken(hub, appId);
}

/** What an SDK v3 app's worker asks of the hub: its requests answered (or refused), its realtime events published. */
export function handleSdkMessage(hub: Hub, appId: string, worker: AppWorker, message: Extract<WorkerMessage, { type: 'request' | 'realtime' }>): void {
  if (message.type === 'realtime') return hub.bus.publish(appUri(appId), message.event, message.data);
  answerRequest(hub, appId, message.method, message.args).then(
    (value) => worker.post({ type: 'answer', requestId: message.requestId, value }),
    (error: Error) => worker.post({ type: 'answer', requestId: message.requestId, error: error.message }),
  );
}

/**
 * Hands each call of a cloud webhook an SDK v3 app registered to that app, as its CloudWebhook's 'message':
 * `{ headers, query, body }` of the call, as the webhooks service relayed them.
 */
export function followCloudWebhooks(hub: Hub): () => void {
  return onCloudWebhook(hub, ({ id, args }) => {
    const ownerUri = hub.store.get('webhook', id)?.ownerUri;
    const appId = ownerUri && appOfDevice({ ownerUri });
    if (!appId) return;
    const part = (name: string) => (args[name] !== null && typeof args[name] === 'object' ? args[name] : {});
    hub.apps.tellSdkApps(appId, { type: 'cloud.webhook', id, message: { headers: part('headers'), query: part('query'), body: part('body') } });
  });
}

/** Tells the apps of a device that it was added, changed (not only its values) or removed; clears up after removed apps. */
export function followDevices(hub: Hub): () => void {
  return hub.bus.subscribe(({ uri, event, data }) => {
    if (uri === 'homey:manager:apps' && event === 'app.delete') return appRemoved(hub, (data as { id: string }).id);
    if (uri === 'homey:manager:drivers' && event === 'pairsession.delete') return hub.apps.tellSdkApps(undefined, { type: 'pair.end', sessionId: (data as { id: string }).id });
    if (uri !== 'homey:manager:devices' || !event.startsWith('device.')) return;
    const { id } = data as { id: string };
    if (event === 'device.delete') return hub.apps.tellSdkApps(undefined, { type: 'device.delete', id });
    const device = hub.store.get('device', id);
    const appId = device && appOfDevice(device);
    if (!device || !appId || (event === 'device.update' && onlyValuesChanged(device))) return;
    hub.apps.tellSdkApps(appId, { type: event, device: deviceState(device) });
  });
}
