import { STORAGE_KEY } from '../constants.js';
import { messages } from '../errors.js';
import type { Result } from '../hub/types.js';
import type { Token } from './token.js';
import type { UserRecord } from './service.js';

/** What a hub session entry holds: the hub's session token and the session it names (getSessionMe, or part of it). */
export interface StoredHub {
  token?: string;
  session?: Partial<Result<'sessions', 'getSessionMe'>>;
}

/** The client's state (seed 001 §3): the cloud token, the user, and per hub its token and session. */
export interface StoredState {
  token?: ReturnType<Token['toJSON']>;
  user?: UserRecord;
  homeys?: Record<string, StoredHub>;
}

/**
 * Where a CloudAPI keeps its state. Custom adapters extend this class and implement get and set; CloudAPI refuses
 * anything else, so that a plain object with the wrong shape fails at once rather than at the first refresh.
 */
export abstract class StorageAdapter {
  abstract get(): Promise<StoredState> | StoredState;
  abstract set(state: StoredState): Promise<void> | void;
}

/** Keeps the state in memory, for servers and tests. */
export class MemoryStorageAdapter extends StorageAdapter {
  private state: StoredState = {};
  get(): StoredState {
    return structuredClone(this.state);
  }
  set(state: StoredState): void {
    this.state = structuredClone(state);
  }
}

/** Keeps the state in the browser's localStorage under the key 'homey-api'. */
export class BrowserStorageAdapter extends StorageAdapter {
  constructor(private readonly storage: Storage = globalThis.localStorage) {
    super();
  }
  get(): StoredState {
    try {
      return JSON.parse(this.storage.getItem(STORAGE_KEY) ?? '{}') as StoredState;
    } catch {
      return {};
    }
  }
  set(state: StoredState): void {
    this.storage.setItem(STORAGE_KEY, JSON.stringify(state));
  }
}

export function checkStorage(store: unknown): StorageAdapter {
  if (!(store instanceof StorageAdapter)) throw new TypeError(messages.invalidStorage);
  return store;
}
