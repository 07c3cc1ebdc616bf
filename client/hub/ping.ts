import { APIError, messages } from '../errors.js';
import { fetchText } from '../http/deadline.js';

/**
 * Pings `GET {address}/api/manager/system/ping` (PROTOCOL.md §1) and resolves with the hub's id from X-Homey-ID.
 * No answer in time: 'No Homey Found At Address'. An answer without the header, with another hub's id, or a body
 * `false` (the hub's own verdict on `?id=`): 'Invalid Homey ID'. Discovery gives each strategy's time-out (§9);
 * an address given directly gets the generic fetch's. `signal` stops it sooner (discovery stops the pings that
 * lost the race).
 */
export async function ping(address: string, homeyId?: string, timeout?: number, signal?: AbortSignal): Promise<string> {
  const url = new URL('/api/manager/system/ping', address);
  if (homeyId) url.searchParams.set('id', homeyId);
  let response: Response;
  let body: string;
  try {
    ({ response, text: body } = await fetchText(url, { headers: homeyId ? { 'X-Homey-ID': homeyId } : {}, signal }, timeout));
  } catch (error) {
    throw new APIError(messages.noHomeyFound, undefined, error instanceof Error ? error.message : undefined);
  }
  const id = response.headers.get('X-Homey-ID');
  if (!id || (homeyId && id !== homeyId) || body.trim() === 'false') throw new APIError(messages.invalidHomeyId);
  return id;
}
