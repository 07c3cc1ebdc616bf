import { RateLimit } from '../http/throttle.js';

/** Each ticket mails its confirmation (the customer's own text) to the account's address: this many an hour per account. */
export const TICKETS_PER_HOUR = 5;

/** Counts each account's tickets over the last hour: 429 with Retry-After past TICKETS_PER_HOUR. */
export const ticketThrottle = () =>
  new RateLimit('tickets', { points: TICKETS_PER_HOUR, durationMs: 60 * 60 * 1000 }, (seconds) => `At most ${TICKETS_PER_HOUR} tickets an hour may be sent: try again in ${seconds} s`);
