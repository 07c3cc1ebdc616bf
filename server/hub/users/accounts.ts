import type { Hub } from '../context.js';
import { Invites } from './invites.js';
import { LocalCredentials } from './local-credentials.js';
import { LoginThrottle } from '../../http/throttle.js';

export interface Accounts {
  credentials: LocalCredentials;
  invites: Invites;
  /** Failed local logins, kept in memory only: a restart forgives them. */
  throttle: LoginThrottle;
}

const byHub = new WeakMap<Hub, Accounts>();

/** The users manager's own tables and state of a hub, opened on first use (the Hub object is built outside this room). */
export function accountsOf(hub: Hub): Accounts {
  let accounts = byHub.get(hub);
  if (!accounts) {
    accounts = { credentials: new LocalCredentials(hub.db), invites: new Invites(hub.db), throttle: new LoginThrottle() };
    byHub.set(hub, accounts);
  }
  return accounts;
}
