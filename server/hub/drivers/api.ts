import * as manifest from '../../../generated/hub/drivers.operations.js';
import type { operations } from '../../../generated/hub/drivers.js';
import { defineApi } from '../../http/api.js';
import { notFound } from '../../http/errors.js';
import type { HubContextOf } from '../core/context.js';
import { driverDefinitions, driverItem, findDriver } from './catalogue.js';
import { addPairedDevice, unpairDevice } from './paired-devices.js';
import { answerAppCallback, appPairingEvent, openAppPairing } from '../apps/sdk-bridge/pairing.js';
import { answerCallback, emitEvent, movedView, openSession, purgeExpired, requireSession, touch } from './pairing.js';

export const drivers = defineApi<operations, typeof manifest.operations, HubContextOf<'apps' | 'groupsByMember' | 'radios' | 'sdkBridge'>>(manifest, {
  getState: (_args, { hub }) => {
    purgeExpired(hub);
    return { driverCount: driverDefinitions().length, pairSessionCount: hub.store.count('pairsession') };
  },
  getDrivers: () => Object.fromEntries(driverDefinitions().map((definition) => [definition.id, driverItem(definition)])),
  getDriver: ({ id }) => {
    const definition = findDriver(id);
    if (!definition) throw notFound('Driver');
    return driverItem(definition);
  },
  createPairSession: ({ pairsession }, { hub }) => openSession(hub, pairsession),
  getPairSession: ({ id }, { hub }) => requireSession(hub, id),
  deletePairSession: ({ id }, { hub }) => {
    hub.store.remove('pairsession', requireSession(hub, id).id);
  },
  emitPairingHeartbeat: ({ id }, { hub }) => {
    touch(hub, requireSession(hub, id));
  },
  emitPairingEvent: ({ id, event, data }, { hub }) => {
    let session = requireSession(hub, id);
    // The screen says which view it shows (a custom view's Homey.showView): the session follows.
    if (event === 'showView') session = touch(hub, { ...session, viewId: movedView(session, 'showView', String(data)) });
    // An SDK v3 app's driver answers its own views' events (its onPair, onRepair and onUnpair handlers, onPairListDevices).
    return appPairingEvent(hub, session, event, data) ?? (event === 'showView' ? null : emitEvent(hub, session, event));
  },
  emitPairingCallback: ({ id, callbackId, data }, { hub }) => {
    answerCallback(hub, requireSession(hub, id), callbackId, data);
    answerAppCallback(hub, callbackId, data);
  },
  createPairSessionDevice: ({ id, device }, { hub }) => addPairedDevice(hub, requireSession(hub, id), device),
  deletePairSessionDevice: async ({ id }, { hub }) => {
    const session = requireSession(hub, id);
    // An SDK v3 app's driver hears the unpairing (its onUnpair) before its device goes (its Device's onDeleted).
    if (session.type === 'unpair') await openAppPairing(hub, session);
    unpairDevice(hub, session);
  },
});
