import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddress } from '../../http/client-address.js';
import { ApiError, toApiError } from '../../http/errors.js';
import { sendError } from '../../http/respond.js';
import { HUB_ID } from '../callers/hub-secret.js';
import type { HubConnections } from './connections.js';
import { UnzippedAnswers } from './unzip.js';
import { MAX_TUNNEL_BODY, relayedHeaders, type TunnelResponse } from '../../common/tunnel-protocol.js';

/** The largest body forwarded to a hub (an app's settings, an image): beyond it, 413. */
export const MAX_FORWARDED_BODY = MAX_TUNNEL_BODY;

/** Whether a request is for a hub's own API, which this service forwards rather than answers. */
export const isHubPath = (url = '/') => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * The hub a forwarded call is for: a host name `<hubId>.<this service's name>` (a wildcard DNS name gives each hub
 * an origin of its own), else the `X-Homey-ID` header every client sends with hub calls (PROTOCOL.md §2).
 */
export function hubOfRequest(req: IncomingMessage): string | null {
  const host = req.headers.host ?? '';
  const dot = host.indexOf('.');
  const first = (dot === -1 ? host : host.slice(0, dot)).toLowerCase();
  if (HUB_ID.test(first)) return first;
  const header = req.headers['x-homey-id'];
  const id = Array.isArray(header) ? header[0] : header;
  return id && HUB_ID.test(id) ? id : null;
}

/** Whether a request carries a body (HTTP/1.1: a length that is not zero, or chunks); most forwarded calls do not. */
const hasBody = ({ headers }: IncomingMessage) => (headers['content-length'] === undefined ? headers['transfer-encoding'] !== undefined : headers['content-length'] !== '0');

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORWARDED_BODY) throw new ApiError(413, 'payload_too_large', `A forwarded body is at most ${MAX_FORWARDED_BODY} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * A GET of a client that names no encoding is asked of the hub gzipped and unzipped here: a large answer (a device list of 104 KB is about 9 KB gzipped) crosses the tunnel, whose one connection
 * carries every call of the hub, in a tenth of the bytes, and the hub keeps its lists' gzip cached. A client that
 * names encodings is asked for as it asked, and gets what the hub chose.
 */
const gzippedForIdentity = (req: IncomingMessage) => req.method === 'GET' && req.headers['accept-encoding'] === undefined;

/** A gzipped answer of the hub, unzipped; made property by property (V8 promoted objects spread and then added to: docs/benchmarks.md, History). */
async function unzipped(response: TunnelResponse, answers: UnzippedAnswers): Promise<TunnelResponse> {
  const { 'content-encoding': _gzip, ...headers } = response.headers;
  try {
    // An answer without a body (304) names the encoding it would have had: nothing to unzip.
    return { type: 'response', id: response.id, status: response.status, headers, body: response.body.length ? await answers.unzip(response.body) : response.body };
  } catch {
    throw new ApiError(502, 'homey_error', `The Homey answered a gzip that does not unzip to at most ${MAX_TUNNEL_BODY} bytes`);
  }
}

/**
 * A browser's preflight for a hub named only by its X-Homey-ID header (which a preflight never carries): allowed
 * for any origin, as the hub allows its API; the hub's answer to the call itself still decides what the page reads.
 */
function preflight(req: IncomingMessage, res: ServerResponse): void {
  const method = req.headers['access-control-request-method'];
  const headers = req.headers['access-control-request-headers'];
  res.setHeader('Access-Control-Allow-Origin', '*');
  if (typeof method === 'string') res.setHeader('Access-Control-Allow-Methods', method.toUpperCase());
  if (typeof headers === 'string') res.setHeader('Access-Control-Allow-Headers', headers);
  res.setHeader('Access-Control-Max-Age', '600');
  res.writeHead(204).end();
}

/** Forwards a client's call of a hub's API through the hub's tunnel and answers what the hub answered. */
export function forwardToHub(connections: HubConnections) {
  const answers = new UnzippedAnswers();
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const hubId = hubOfRequest(req);
      if (!hubId && req.method === 'OPTIONS' && req.headers.origin) return preflight(req, res);
      if (!hubId) throw new ApiError(400, 'missing_homey_id', 'Name the Homey: send its id as the X-Homey-ID header');
      // The body as bytes, not parsed: the hub validates the call (once, as it does a local one).
      const body = hasBody(req) ? await readBody(req) : undefined;
      const identity = gzippedForIdentity(req);
      const headers = relayedHeaders(req.headers);
      if (identity) headers['accept-encoding'] = 'gzip';
      const sent = await connections.request(hubId, {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers,
        remoteAddress: clientAddress(req),
        ...(body?.length ? { body } : {}),
      });
      const response = identity && sent.headers['content-encoding'] === 'gzip' ? await unzipped(sent, answers) : sent;
      // The tunnel's answer is this call's own: its headers are given whole, with the length of what is sent.
      response.headers['content-length'] = String(response.body.length);
      res.writeHead(response.status, response.headers).end(response.body);
    } catch (error) {
      // Drain what the client still sends, so that the error reaches it.
      req.resume();
      sendError(res, toApiError(error), error, false);
    }
  };
}
