import { RateLimit, type LimiterStore } from '../../http/throttle.js';
import type { AccountLimits } from './context.js';

/** Calls per key in each window (see AccountLimits). */
export interface LimitSettings {
  signUps: { points: number; durationMs: number };
  userMails: { points: number; durationMs: number };
}

const HOUR = 60 * 60 * 1000;
export const DEFAULT_LIMITS: LimitSettings = { signUps: { points: 5, durationMs: HOUR }, userMails: { points: 20, durationMs: HOUR } };

export function accountLimits(settings: Partial<LimitSettings> | undefined, store?: LimiterStore): AccountLimits {
  const { signUps, userMails } = { ...DEFAULT_LIMITS, ...settings };
  return {
    signUps: new RateLimit('sign-up', signUps, (seconds) => `Too many sign-ups from this address: try again in ${seconds} s`, store),
    userMails: new RateLimit('user-mail', userMails, (seconds) => `Too many mails to this account: try again in ${seconds} s`, store),
  };
}
