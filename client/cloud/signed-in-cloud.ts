/**
 * The signed-in account as the objects made for it (CloudUser, a hub session) see it: apart from cloud-api.ts, which
 * makes them, so that they do not import it back.
 */
import type { UserRecord } from './service.js';
import type { StoredState } from './storage.js';

/** What a signed-in user's objects call of their CloudAPI: its stored state, delegation tokens and the avatar upload. */
export interface SignedInCloud {
  state(): Promise<StoredState>;
  update(changes: Partial<StoredState>): Promise<void>;
  createDelegationToken(options: { audience: string; meta?: Record<string, unknown> }): Promise<string>;
  postAvatar(id: string, form: FormData): Promise<UserRecord>;
}
