import { Invites } from './invites.js';
import { LocalCredentials } from './local-credentials.js';
import { LoginThrottle } from '../../http/throttle.js';
import type { Hub } from '../core/context.js';
import type { HubService, Nothing } from '../core/service.js';

export interface Accounts {
  credentials: LocalCredentials;
  invites: Invites;
  /** Failed local logins, kept in memory only: a restart forgives them. */
  throttle: LoginThrottle;
}

declare module '../core/context.js' {
  interface Hub {
    /** The users manager's local credentials, invites and login throttle. */
    accounts: Accounts;
  }
}

/** The users manager's own tables (local credentials, invites) and its login throttle, there before the demo seed. */
export const accounts: HubService<Nothing, Pick<Hub, 'accounts'>> = {
  name: 'accounts',
  start: ({ db }) => ({ gives: { accounts: { credentials: new LocalCredentials(db), invites: new Invites(db), throttle: new LoginThrottle() } } }),
};
