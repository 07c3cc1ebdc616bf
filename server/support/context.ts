import type { RateLimit } from '../http/throttle.js';
import type { Clock } from '../http/clock.js';
import type { CloudSession } from '../cloud/callers/identity.js';
import type { ServiceContext } from '../http/service.js';
import type { SupportDb } from './db.js';

/** The state every handler of the support back end reaches. */
export interface Support {
  db: SupportDb;
  clock: Clock;
  /** ISO time from the clock, `offsetMs` from now. */
  iso(offsetMs?: number): string;
  /** Where uploaded files wait for their ticket, named by their token. */
  uploadsDir: string;
  /** Where confirmation e-mails go as .eml files when no SMTP_URL is set. */
  outboxDir: string;
  /** The form host's URL as users reach it, for article links. */
  publicUrl: string;
  /** Each account's tickets this hour (ticket-throttle.ts). */
  ticketThrottle: RateLimit;
}

export type SupportContext = ServiceContext<Support, CloudSession>;
