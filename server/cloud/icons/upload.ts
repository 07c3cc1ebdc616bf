import { operations } from '../../../generated/cloud/icons.operations.js';
import { ApiError, badRequest } from '../../http/errors.js';
import type { RawRoute } from '../../http/router.js';
import { fetchSvg, readSvg, storeIcon, SVG_LIMIT, type IconsState } from './icons.js';

/**
 * POST /icon: an SVG sent as the body (createIconFromSVG) or fetched from `url` (createIconFromURL, no body),
 * read up to SVG_LIMIT as it comes; one of the two, never both.
 */
export function createIconRoute(state: IconsState): RawRoute {
  return {
    api: 'icons',
    spec: operations.createIconFromSVG,
    async serve(req, res) {
      const url = typeof req.query.url === 'string' ? req.query.url : undefined;
      if (Number(req.headers['content-length'] ?? 0) > SVG_LIMIT) throw new ApiError(413, 'payload_too_large', `The SVG is larger than ${SVG_LIMIT} bytes`);
      const sent = await readSvg(req);
      if (url && sent) throw badRequest('Send the SVG as the body or its url, not both');
      if (!url && !sent) throw badRequest('Send the SVG as the body (image/svg+xml), or its url');
      res.json(await storeIcon(state, url ? await fetchSvg(url) : sent));
    },
  };
}
