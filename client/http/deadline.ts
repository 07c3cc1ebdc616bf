import { FETCH_DEFAULT_TIMEOUT } from '../constants.js';
import { messages, TimeoutError } from '../errors.js';

/**
 * A signal that aborts as AbortSignal.timeout does (a DOMException named TimeoutError, the timer unref'd), but on
 * the global setTimeout, so that a test clock can move it: a 30 s time-out is then tested without waiting 30 s.
 */
export function deadline(ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(messages.timeout(ms), 'TimeoutError')), ms);
  (timer as { unref?: () => void }).unref?.();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

/**
 * The generic fetch of the calls made beside the HTTP transport (a ping, the token endpoint): the answer and its
 * text within `ms`, by default FETCH_DEFAULT_TIMEOUT (seed 001 §9), else a TimeoutError 'Timeout after {ms}ms'.
 * `init.signal` stops it sooner, with its own reason.
 */
export async function fetchText(url: URL, init: RequestInit = {}, ms: number = FETCH_DEFAULT_TIMEOUT): Promise<{ response: Response; text: string }> {
  const timeout = deadline(ms);
  try {
    const response = await fetch(url, { ...init, signal: init.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal });
    return { response, text: await response.text() };
  } catch (error) {
    throw timeout.signal.aborted ? new TimeoutError(messages.timeout(ms)) : error;
  } finally {
    timeout.clear();
  }
}
