import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../http/errors.js';

/** Each ticket mails its confirmation (the customer's own text) to the account's address: this many an hour per account. */
export const TICKETS_PER_HOUR = 5;

/** Counts each account's tickets over the last hour. */
export function ticketThrottle(): RateLimiterMemory {
  return new RateLimiterMemory({ points: TICKETS_PER_HOUR, duration: 60 * 60 });
}

/** Takes one of the account's tickets for the hour, or refuses with 429 and Retry-After. */
export async function takeTicketTurn(throttle: RateLimiterMemory, userId: string): Promise<void> {
  try {
    await throttle.consume(userId);
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
    throw new ApiError(429, 'too_many_requests', `At most ${TICKETS_PER_HOUR} tickets an hour may be sent: try again in ${seconds} s`, { 'Retry-After': String(seconds) });
  }
}

/** Gives back a turn taken by a ticket that was refused after all. */
export async function returnTicketTurn(throttle: RateLimiterMemory, userId: string): Promise<void> {
  await throttle.reward(userId, 1);
}
