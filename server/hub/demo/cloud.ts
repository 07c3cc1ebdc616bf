import type { Hub } from '../core/context.js';
import { DEMO_OWNER_ATHOM_ID } from './home.js';
import { findByAthomId, ownerOf } from '../users/users.js';

/** The cloud account last linked to the demo owner (the seeded owner starts with the placeholder DEMO_OWNER_ATHOM_ID). */
const LINKED = 'demoCloudAccount';

/**
 * Makes the demo owner the hub user of the demo cloud account (`athomId`), so that the account's delegated login
 * opens the owner's session. Only the demo owner is relinked (the seeded one, or the one linked before, say to an
 * account of a cloud data folder since deleted): an owner who took over the hub keeps their own account.
 * Answers whether the owner is now that account's user.
 */
export function linkDemoOwner(hub: Hub, accountId: string): boolean {
  const owner = ownerOf(hub);
  if (!owner) return false;
  if (owner.athomId === accountId) return true;
  const demoIds = [DEMO_OWNER_ATHOM_ID, hub.settings.get<string>(LINKED)];
  if (!demoIds.includes(owner.athomId ?? undefined)) return false;
  if (findByAthomId(hub, accountId)) return false;
  hub.store.transaction(() => {
    hub.store.save('user', { ...owner, athomId: accountId });
    hub.settings.set(LINKED, accountId);
  });
  return true;
}
