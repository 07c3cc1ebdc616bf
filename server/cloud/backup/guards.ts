import type { Guard } from '../../http/api.js';
import { forbidden } from '../../http/errors.js';
import { hubOfSecret, hubSecretGuard } from '../callers/hub-secret.js';
import type { BackupContext } from './context.js';

const validCredential: Guard<BackupContext> = hubSecretGuard<BackupContext>();

/**
 * A hub calls about its owner's backups (to keep them, or to restore a new hub from one): with the deployment's
 * credential, and only for the account the account service records as the hub's owner (403 for any other
 * account's, so that no hub reads or fills another user's backups).
 */
export const ownerHubCalls: Guard<BackupContext> = async (path, context, query) => {
  await validCredential(path, context, query);
  const hubId = hubOfSecret(context.service.hubSecretKey!, String(query!.secret))!;
  if ((await context.service.ownerOf(hubId)) !== path.userId) throw forbidden("This hub's owner is not that account");
};

/** A hub calls about its own backups: its owner's, and the path's homeyId is the credential's hub. */
export const ownHubCalls: Guard<BackupContext> = async (path, context, query) => {
  await ownerHubCalls(path, context, query);
  if (hubOfSecret(context.service.hubSecretKey!, String(query!.secret)) !== path.homeyId) throw forbidden("A hub keeps only its own backups: homeyId is not the secret's hub");
};

/** The signed-in user acts on their own account only. */
export const userSelf: Guard<BackupContext> = (path, context) => {
  if (context.session?.userId !== path.userId) throw forbidden("You may delete only your own account's backups");
};
