import type { Clock } from '../../http/clock.js';
import type { ServiceContext } from '../../http/service.js';
import type { HubSecretState } from '../callers/hub-secret.js';
import type { CloudSession } from '../callers/identity.js';
import type { QueryTokenState } from '../callers/query-token.js';
import type { BackupDb } from './db.js';

export interface BackupState extends HubSecretState, QueryTokenState {
  db: BackupDb;
  clock: Clock;
  /** Holds the backups' bytes, one file per backup id. */
  filesDir: string;
  /** The bytes one user's backups may take together. */
  quotaBytes: number;
  /** The account that owns a hub, as the account service records it (null for a hub it has no record of). */
  ownerOf(hubId: string): Promise<string | null>;
}

export type BackupContext = ServiceContext<BackupState, CloudSession>;
