import type { Guard } from '../../http/api.js';
import { forbidden } from '../../http/errors.js';
import { hubOfSecret, hubSecretGuard } from '../hub-secret.js';
import type { BackupContext } from './context.js';

/** A hub calls, with the deployment's credential. */
export const hubCalls: Guard<BackupContext> = hubSecretGuard<BackupContext>();

/** A hub calls about its own backups: the path's homeyId is the credential's hub. */
export const ownHubCalls: Guard<BackupContext> = async (path, context, query) => {
  await hubCalls(path, context, query);
  if (hubOfSecret(context.service.hubSecretKey!, String(query!.secret)) !== path.homeyId) throw forbidden("A hub keeps only its own backups: homeyId is not the secret's hub");
};

/** The signed-in user acts on their own account only. */
export const userSelf: Guard<BackupContext> = (path, context) => {
  if (context.session?.userId !== path.userId) throw forbidden("You may delete only your own account's backups");
};
