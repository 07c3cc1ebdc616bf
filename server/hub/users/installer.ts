import { conflict, forbidden } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import type { UserItem } from '../access/sessions.js';
import { invalidToken, verifyCloudToken } from './cloud-token.js';
import { deleteUser, findByAthomId, newUser, swapOwner } from './users.js';

export const INSTALLER_WINDOW_MS = 24 * 60 * 60 * 1000;
const KEY = 'installerAccess';

/** An open installer-access window and the users it made for installers, who exist only while it lasts. */
interface InstallerAccess {
  expiresAt: string;
  userIds: string[];
}

/** Installer users sign in only through installer access, even after it ended, until revoke removes them. */
export const isInstaller = (hub: HubCore, userId: string) => Boolean(hub.settings.get<InstallerAccess>(KEY)?.userIds.includes(userId));

/** The open window, or undefined. An expired window is cleaned up on the first look after it ended. */
export function openAccess(hub: HubCore & Pick<Hub, 'accounts'>): InstallerAccess | undefined {
  const access = hub.settings.get<InstallerAccess>(KEY);
  if (access && Date.parse(access.expiresAt) <= hub.now()) {
    revokeAccess(hub);
    return undefined;
  }
  return access;
}

export function grantAccess(hub: HubCore & Pick<Hub, 'accounts'>, extraUserIds: string[] = []): { expiresAt: string } {
  const access: InstallerAccess = {
    expiresAt: new Date(hub.now() + INSTALLER_WINDOW_MS).toISOString(),
    userIds: [...(openAccess(hub)?.userIds ?? []), ...extraUserIds],
  };
  hub.settings.set(KEY, access);
  return { expiresAt: access.expiresAt };
}

/** Closes the window: installers' sessions end and their users are removed. */
export function revokeAccess(hub: HubCore & Pick<Hub, 'accounts'>): void {
  const access = hub.settings.get<InstallerAccess>(KEY);
  hub.settings.unset(KEY);
  for (const userId of access?.userIds ?? []) {
    const user = hub.store.get('user', userId);
    if (user && !user.isOwner) deleteUser(hub, user);
  }
}

async function installerClaims(hub: HubCore, jwt: string) {
  const claims = await verifyCloudToken(hub, jwt);
  if (claims.role !== 'installer') throw invalidToken('Invalid cloud token: it does not name an installer');
  return claims;
}

/** A manager session for the installer named by the JWT, ending when the window does. */
export async function requestAccess(hub: HubCore & Pick<Hub, 'accounts'>, jwt: string): Promise<string> {
  const claims = await installerClaims(hub, jwt);
  const access = openAccess(hub);
  if (!access) throw forbidden('Installer access is not open: the owner must grant it first');
  let user = findByAthomId(hub, claims.sub);
  if (user && !access.userIds.includes(user.id)) throw conflict('This cloud account is already a user of this hub: sign in with POST /login');
  if (user && !user.enabled) throw forbidden('This user is disabled');
  if (!user) {
    const name = typeof claims.name === 'string' && claims.name ? claims.name : 'Installer';
    user = newUser({ name, athomId: claims.sub, verified: true, role: 'manager' });
    hub.store.insert('user', user);
    hub.settings.set(KEY, { ...access, userIds: [...access.userIds, user.id] });
  }
  const { expiresAt } = access;
  return hub.sessions.create({ type: 'OAUTH', userId: user.id, scopes: ['homey'], clientName: 'Installer access', expiresAt }).token;
}

/** An installer who set the hub up as its owner hands it over and keeps installer access for a day. */
export async function handOver(hub: HubCore & Pick<Hub, 'accounts'>, owner: UserItem, newOwnerUserId: string, jwt: string): Promise<{ expiresAt: string }> {
  const claims = await installerClaims(hub, jwt);
  if (claims.sub !== owner.athomId) throw forbidden('The installer token is not for your cloud account');
  swapOwner(hub, owner, newOwnerUserId, openAccess(hub)?.userIds ?? []);
  hub.sessions.revokeUser(owner.id);
  return grantAccess(hub, [owner.id]);
}
