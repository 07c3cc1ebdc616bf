import { adminOnly, signedInUser } from '../guards.js';
import { activatePeripheral, createPeripheral, getPeripheral, listPeripherals, updatePeripheral } from '../peripherals.js';
import type { AccountHandlers } from './table.js';

/** Bridges and portals: made by production (admins), then claimed and seen by their owner only. */
export const peripheralHandlers = {
  getBridges: { guard: signedInUser, handle: ({ serial, serialHash }, context) => listPeripherals(context, 'bridge', { serial, serialHash }) },
  createBridge: { guard: adminOnly, handle: ({ bridge }, context) => createPeripheral(context, 'bridge', bridge) },
  getBridge: { guard: signedInUser, handle: ({ serial }, context) => getPeripheral(context, 'bridge', serial) },
  updateBridge: { guard: signedInUser, handle: ({ serial, bridge }, context) => updatePeripheral(context, 'bridge', serial, bridge) },
  activateBridge: { guard: signedInUser, handle: ({ serial, homeyId, userId }, context) => activatePeripheral(context, 'bridge', serial, { homeyId, userId }) },
  getPortals: { guard: signedInUser, handle: ({ serial }, context) => listPeripherals(context, 'portal', { serial }) },
  createPortal: { guard: adminOnly, handle: ({ portal }, context) => createPeripheral(context, 'portal', portal) },
  getPortal: { guard: signedInUser, handle: ({ serial }, context) => getPeripheral(context, 'portal', serial) },
  updatePortal: { guard: signedInUser, handle: ({ serial, portal }, context) => updatePeripheral(context, 'portal', serial, portal) },
  activatePortal: { guard: signedInUser, handle: ({ serial, homeyId, userId }, context) => activatePeripheral(context, 'portal', serial, { homeyId, userId }) },
} satisfies AccountHandlers;
