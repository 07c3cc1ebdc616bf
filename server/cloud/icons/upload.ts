import { operations } from '../../../generated/cloud/icons.operations.js';
import { ApiError, badRequest } from '../../http/errors.js';
import { clientAddress } from '../../http/client-address.js';
import type { RawRoute } from '../../http/router.js';
import { addressKey, RateLimit } from '../../http/throttle.js';
import { fetchSvg, readSvg, storeIcon, SVG_LIMIT, type IconsState } from './icons.js';

/** A JSON client's body: the SVG as a JSON string, or `{}` (nothing) when it sends only a url. */
function svgOfJson(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('The body is not valid JSON');
  }
  if (typeof body === 'string') return body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0) return '';
  throw badRequest('Send the SVG as a JSON string');
}

/**
 * POST /icon: an SVG sent as the body (createIconFromSVG) or fetched from `url` (createIconFromURL, no body),
 * read up to SVG_LIMIT as it comes; one of the two, never both.
 */
/** Uploads need no token (the official client sends none): what bounds them is this, per client address. */
export const UPLOADS_PER_HOUR = 60;

export function createIconRoute(state: IconsState): RawRoute {
  const uploads = new RateLimit('icon-upload', { points: UPLOADS_PER_HOUR, durationMs: 60 * 60 * 1000 }, (seconds) => `At most ${UPLOADS_PER_HOUR} icons an hour may be uploaded from one address: try again in ${seconds} s`);
  return {
    api: 'icons',
    spec: operations.createIconFromSVG,
    async serve(req, res) {
      const url = typeof req.query.url === 'string' ? req.query.url : undefined;
      await uploads.take(addressKey(clientAddress(req)));
      if (Number(req.headers['content-length'] ?? 0) > SVG_LIMIT) throw new ApiError(413, 'payload_too_large', `The SVG is larger than ${SVG_LIMIT} bytes`);
      // The Content-Type reaching a raw route is normalised (contract-validation.ts): SVG markup starts with `<`,
      // a JSON string or object with `"` or `{`.
      const text = await readSvg(req);
      const sent = /^\s*["{]/.test(text) ? svgOfJson(text) : text;
      if (url && sent) throw badRequest('Send the SVG as the body or its url, not both');
      if (!url && !sent) throw badRequest('Send the SVG as the body (image/svg+xml), or its url');
      res.json(await storeIcon(state, url ? await fetchSvg(url, state.fetchAgents) : sent));
    },
  };
}
