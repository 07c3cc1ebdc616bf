import { adminOnly, signedInUser } from '../guards.js';
import { activatePeripheral, createPeripheral, getPeripheral, listPeripherals, updatePeripheral } from '../peripherals.js';
import type { AccountGuards, AccountHandlers } from './table.js';

/** Bridges and portals: made by production (admins), then claimed and seen by their owner only. */
export const peripheralHandlers = {
  getBridges: ({ serial, serialHash }, context) => listPeripherals(context, 'bridge', { serial, serialHash }),
  createBridge: ({ bridge }, context) => createPeripheral(context, 'bridge', bridge),
  getBridge: ({ serial }, context) => getPeripheral(context, 'bridge', serial),
  updateBridge: ({ serial, bridge }, context) => updatePeripheral(context, 'bridge', serial, bridge),
  activateBridge: ({ serial, homeyId, userId }, context) => activatePeripheral(context, 'bridge', serial, { homeyId, userId }),
  getPortals: ({ serial }, context) => listPeripherals(context, 'portal', { serial }),
  createPortal: ({ portal }, context) => createPeripheral(context, 'portal', portal),
  getPortal: ({ serial }, context) => getPeripheral(context, 'portal', serial),
  updatePortal: ({ serial, portal }, context) => updatePeripheral(context, 'portal', serial, portal),
  activatePortal: ({ serial, homeyId, userId }, context) => activatePeripheral(context, 'portal', serial, { homeyId, userId }),
} satisfies AccountHandlers;

export const peripheralGuards = {
  getBridges: signedInUser,
  createBridge: adminOnly,
  getBridge: signedInUser,
  updateBridge: signedInUser,
  activateBridge: signedInUser,
  getPortals: signedInUser,
  createPortal: adminOnly,
  getPortal: signedInUser,
  updatePortal: signedInUser,
  activatePortal: signedInUser,
} satisfies AccountGuards;
