import { after } from '../clock.js';
import { BACKOFF } from '../constants.js';
import { APIError, TimeoutError } from '../errors.js';

/** The wait before retry number `attempt` (from 0): 100 ms, twice as long each time, at most 10 s (seed 001 §9). */
export const backoffDelay = (attempt: number): number => Math.min(BACKOFF.min * BACKOFF.factor ** attempt, BACKOFF.max);

/** A pause on the client's clock. */
export const wait = (ms: number) => new Promise<void>((resolve) => void after(ms, resolve));

/** A failure the hub may get over by itself (no answer in time, a 5xx); a refusal (4xx) stays one. */
export const mayPass = (error: unknown): boolean => error instanceof TimeoutError || (error instanceof APIError && (error.statusCode ?? 0) >= 500);
