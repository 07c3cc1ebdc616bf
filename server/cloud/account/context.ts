import type { Session } from '../../http/api.js';
import type { Clock } from '../../http/clock.js';
import type { CallContext } from '../../http/dispatcher.js';
import type { LoginThrottle, RateLimit } from '../../http/throttle.js';
import type { Passwords } from './crypto.js';
import type { SubscriptionDb } from './subscriptions.js';
import type { AccountDb } from './db.js';
import type { DelegationKeys } from './delegation.js';

/** An e-mail the service sends (password reset, welcome, address verification, formatted mails of sendFormattedEmail). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Default: the service's own no-reply address. */
  from?: string;
  replyTo?: string;
  /** `<id@host>`; made by the mailer when absent. */
  messageId?: string;
}

export type Mailer = (mail: Mail) => void | Promise<void>;

/** The state every handler of the account service reaches. */
export interface Account {
  db: AccountDb;
  /** The same database as the accounts' subscriptions see it (../subscriptions.ts), which the store service shares. */
  subscriptions: SubscriptionDb;
  clock: Clock;
  /** Epoch ms from the clock. */
  now(): number;
  /** ISO time from the clock. */
  iso(offsetMs?: number): string;
  /** Password guessing, slowed as the hub's local sign-in (per e-mail address and per client address). */
  throttle: LoginThrottle;
  limits: AccountLimits;
  keys: DelegationKeys;
  mail: Mailer;
  passwords: Passwords;
  /** The service's own URL, for links in mails. */
  publicUrl: string;
}

/** Calls counted per key in windows, refused with 429 beyond (see AccountServiceConfig.limits). */
export interface AccountLimits {
  /** Sign-ups per client address: each costs a password hash and mails an address nobody vouched for. */
  signUps: RateLimit;
  /** Mails carrying text a caller wrote (sendFormattedEmail), per recipient account. */
  userMails: RateLimit;
}

/** The session behind an access token: a user's (any grant but client credentials) or a client's own. */
export interface AccountSession extends Session {
  userId: string | null;
  clientId: string;
  clientName: string;
}

export interface AccountContext extends CallContext {
  session: AccountSession | null;
  account: Account;
}
