import type { components } from '../../../generated/cloud/backup.js';
import type { Guard, Session } from '../../http/api.js';
import { notFound } from '../../http/errors.js';
import { secretHash } from '../../http/secrets.js';
import type { ServiceContext } from '../../http/service.js';
import type { CloudSession, VerifyAccessToken } from '../callers/identity.js';
import type { SetupDb } from './db.js';
import { HUB_TOKEN_PREFIX, requireSessionRow } from './sessions.js';
import type { Clock } from '../../http/clock.js';

/** A hub on its side of one setup session, by the session's hub token. */
export interface HubCaller extends Session {
  sessionId: string;
}

export type CloudBackup = components['schemas']['Backup'];

/** What the setup service's handlers share: its database, its clock and the users' backups (from the backup service). */
export interface SetupState {
  db: SetupDb;
  clock: Clock;
  backupsOf(userId: string): Promise<CloudBackup[]>;
}

export type SetupContext = ServiceContext<SetupState, CloudSession | HubCaller>;

/** What a hub's token grants: its own session's hub side. */
const HUB_SCOPE = 'setup.hub';

/**
 * Callers are the user's app (a delegation token of audience `setup`) or a hub (its session's token, which the
 * service keeps hashed): the prefix tells which.
 */
export function setupVerifier(db: SetupDb, userTokens: VerifyAccessToken) {
  return async (token: string): Promise<CloudSession | HubCaller | null> => {
    if (!token.startsWith(HUB_TOKEN_PREFIX)) return userTokens(token);
    const row = await db.selectFrom('setup_sessions').select('id').where('hub_token_hash', '=', secretHash(token)).executeTakeFirst();
    return row ? { id: `setup-hub:${row.id}`, scopes: [HUB_SCOPE], sessionId: row.id } : null;
  };
}

/** The user's own session, not expired: 404 for anyone else's (strangers learn nothing). */
export const usersSession: Guard<SetupContext> = async (path, { session, service }) => {
  const row = await requireSessionRow(service.db, path.sessionId!, service.clock.now());
  if (!session || !('userId' in session) || row.user_id !== session.userId) throw notFound('Setup session');
};

/** The hub's own session, not expired: 404 for another session's id. */
export const hubsSession: Guard<SetupContext> = async (path, { session, service }) => {
  if (!session || !('sessionId' in session) || session.sessionId !== path.sessionId) throw notFound('Setup session');
  await requireSessionRow(service.db, path.sessionId, service.clock.now());
};
