import { randomUUID } from 'node:crypto';
import type { components } from '../../../../generated/hub/drivers.js';
import { ApiError, badRequest, notFound } from '../../../http/errors.js';
import type { Hub, HubCore } from '../../core/context.js';
import { findDriver } from '../../drivers/catalogue.js';
import { movedView, touch, VIEW_ACTIONS, type PairSession, type ViewAction } from '../../drivers/pairing.js';
import type { SdkRequests } from './requests.js';

type FoundDevice = components['schemas']['FoundDevice'];
type PairingEventResult = components['schemas']['PairingEventResult'];

/** The app a pair session's driver belongs to, if an SDK v3 app that runs. */
function appOfSession(hub: HubCore & Pick<Hub, 'apps'>, session: PairSession): string | undefined {
  const ownerUri = findDriver(session.driverId)?.ownerUri ?? '';
  const appId = ownerUri.startsWith('homey:app:') ? ownerUri.slice('homey:app:'.length) : undefined;
  return appId && hub.apps.isSdkApp(appId) ? appId : undefined;
}

/** Asks the app of the session's driver (a pair, repair or unpair session), refusals (what it throws) as 502 naming the app. */
function askApp(hub: HubCore & Pick<Hub, 'apps'>, appId: string, session: PairSession, event: string | null, data: unknown): Promise<unknown> {
  const driverId = session.driverId.slice(session.driverId.lastIndexOf(':') + 1);
  const call = { type: 'pair', sessionId: session.id, sessionType: session.type, deviceId: session.deviceId, driverId, event, data: data ?? null, now: hub.now() };
  return hub.apps.worker(appId).call(call).catch((error: Error) => {
    throw error instanceof ApiError ? error : new ApiError(502, 'app_error', `${hub.store.get('app', appId)?.name ?? appId}: ${error.message}`);
  });
}

/**
 * A pairing event of an SDK v3 app's driver, answered by the app (its onPair, onRepair, onUnpair handlers): `list_devices`
 * with the devices found, a custom view's event with what its handler answers. Undefined for drivers apps do not pair.
 */
export function appPairingEvent(hub: HubCore & Pick<Hub, 'apps'>, session: PairSession, event: string, data: unknown): Promise<PairingEventResult> | undefined {
  const appId = appOfSession(hub, session);
  if (!appId) return undefined;
  return askApp(hub, appId, session, event, data).then((answer) => {
    if (event === 'list_devices' && !Array.isArray(answer)) throw new ApiError(502, 'app_error', `${appId} answered ${event} with no list of devices`);
    // Any JSON the app's handler answers (it crossed the worker as JSON); the contract's type names the common ones.
    return event === 'list_devices' ? (answer as FoundDevice[]) : ((answer ?? null) as PairingEventResult);
  });
}

/**
 * Makes sure the app of the session's driver has started its side of the session (its onPair, onRepair or onUnpair
 * ran), as it does at the session's first event: an unpair session that removes its device without any event.
 */
export async function openAppPairing(hub: HubCore & Pick<Hub, 'apps'>, session: PairSession): Promise<void> {
  const appId = appOfSession(hub, session);
  if (appId) await askApp(hub, appId, session, null, null);
}

/** The app's questions to the pairing screen waiting for their answers, by callback id. */
const waitingOf = (hub: HubCore & Pick<Hub, 'sdkBridge'>) => hub.sdkBridge.pairingAnswers;

/** The pair session `sessionId` of the app's own driver, or a 404. */
function ownSession(hub: Hub, appId: string, sessionId: unknown): PairSession {
  const session = typeof sessionId === 'string' ? hub.store.get('pairsession', sessionId) : undefined;
  if (!session || appOfSession(hub, session) !== appId) throw notFound(`Pair session ${String(sessionId)}`);
  return session;
}

/**
 * `PairSession.emit` of the app: the event becomes a question in the session's `callbacks` (its clients hear
 * `update`); the client's emitPairingCallback is the answer the app's promise resolves with.
 */
function emitToClient(hub: Hub, appId: string, { sessionId, event, data }: Record<string, unknown>): Promise<unknown> {
  const session = ownSession(hub, appId, sessionId);
  if (typeof event !== 'string' || !event) throw badRequest('A pairing event has a name');
  const id = randomUUID();
  touch(hub, { ...session, callbacks: { ...session.callbacks, [id]: { id, event, data: data ?? null, answered: false } } });
  return new Promise((resolve) => waitingOf(hub).set(id, resolve));
}

/** The client answered a question: an app that asked it gets the answer. */
export function answerAppCallback(hub: HubCore & Pick<Hub, 'sdkBridge'>, callbackId: string, answer: unknown): void {
  const resolve = waitingOf(hub).get(callbackId);
  waitingOf(hub).delete(callbackId);
  resolve?.(answer ?? null);
}

const isViewAction = (action: unknown): action is ViewAction => VIEW_ACTIONS.some((known) => known === action);

/**
 * The app moves the pairing screen: `showView` (a view of its app.json `pair`, `repair` or `unpair`, checked by the SDK and the session), `nextView`,
 * `prevView` or `done`, as events of `homey:pairsession:<id>` to the screen; the session's `viewId` follows.
 */
function moveView(hub: Hub, appId: string, { sessionId, action, viewId }: Record<string, unknown>): void {
  const session = ownSession(hub, appId, sessionId);
  if (!isViewAction(action)) throw badRequest(`A pairing screen moves by ${VIEW_ACTIONS.join(', ')}`);
  touch(hub, { ...session, viewId: movedView(session, action, typeof viewId === 'string' ? viewId : undefined) });
  hub.bus.publish(`homey:pairsession:${session.id}`, action, action === 'showView' ? { viewId } : {});
}

export const pairingRequests: SdkRequests = {
  'pair.emit': emitToClient,
  'pair.view': moveView,
};
