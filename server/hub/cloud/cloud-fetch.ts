import { ApiError } from '../../http/errors.js';

/** How long the hub waits for a cloud service. */
const CLOUD_TIMEOUT_MS = 5_000;

/**
 * The JSON answer of a cloud service the hub relies on (weather, energy prices), as the hub's own errors: 503
 * when the service cannot be reached, the service's own 404 as a 404 (what was asked for does not exist there),
 * 502 for any other error or an answer that is not JSON.
 */
export async function fetchCloudJson(url: string, service: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(CLOUD_TIMEOUT_MS) });
  } catch (error) {
    throw new ApiError(503, 'service_unavailable', `The ${service} service cannot be reached: ${(error as Error).message}`);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 404) {
    const reason = (body as { error_description?: unknown } | undefined)?.error_description;
    throw new ApiError(404, 'not_found', typeof reason === 'string' ? reason : `The ${service} service has no such thing`);
  }
  if (!response.ok) throw new ApiError(502, 'bad_gateway', `The ${service} service answered ${response.status}`);
  if (body === undefined) throw new ApiError(502, 'bad_gateway', `The ${service} service answered something that is not JSON`);
  return body;
}
