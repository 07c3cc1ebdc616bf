import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gunzip, gunzipSync } from 'node:zlib';
import { clientAddress } from '../../http/client-address.js';
import { ApiError, toApiError } from '../../http/errors.js';
import { sendError } from '../../http/respond.js';
import { HUB_ID } from '../callers/hub-secret.js';
import type { HubConnections } from './connections.js';
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
  const first = (req.headers.host ?? '').split('.')[0]!.toLowerCase();
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

const unzip = promisify(gunzip);

/** Answers that unzip to at most this are unzipped at once: for them a turn of the thread pool costs more than the inflate. */
const UNZIP_AT_ONCE = 1024 * 1024;

/**
 * A gzip's bytes unzipped, in one piece when the gzip tells its size: its last 4 bytes are the size of its (last)
 * member (RFC 1952 §2.3.1), a hint for zlib's output chunk (its default, 16 KB, took a 104 KB list in seven chunks,
 * each a turn of the pool, then a copy joining them). One byte more than told: a chunk the output fills exactly
 * makes zlib allocate another, empty one (twice the memory, which is what starts the collector here). Up to
 * UNZIP_AT_ONCE on this thread, more off it.
 */
async function gunzipped(body: Buffer): Promise<Buffer> {
  const told = body.length >= 18 ? body.readUInt32LE(body.length - 4) : 0;
  const chunkSize = Math.min(Math.max(told + 1, 16 * 1024), UNZIP_AT_ONCE);
  try {
    return gunzipSync(body, { chunkSize, maxOutputLength: UNZIP_AT_ONCE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') throw error;
  }
  return unzip(body, { chunkSize: UNZIP_AT_ONCE, maxOutputLength: MAX_TUNNEL_BODY });
}

/**
 * A GET of a client that names no encoding is asked of the hub gzipped and unzipped here: a large answer (a device list of 104 KB is about 9 KB gzipped) crosses the tunnel, whose one connection
 * carries every call of the hub, in a tenth of the bytes, and the hub keeps its lists' gzip cached. A client that
 * names encodings is asked for as it asked, and gets what the hub chose.
 */
const gzippedForIdentity = (req: IncomingMessage) => req.method === 'GET' && req.headers['accept-encoding'] === undefined;

async function unzipped(response: TunnelResponse): Promise<TunnelResponse> {
  if (response.headers['content-encoding'] !== 'gzip') return response;
  const { 'content-encoding': _gzip, ...headers } = response.headers;
  try {
    // An answer without a body (304) names the encoding it would have had: nothing to unzip.
    return { ...response, headers, body: response.body.length ? await gunzipped(response.body) : response.body };
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
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const hubId = hubOfRequest(req);
      if (!hubId && req.method === 'OPTIONS' && req.headers.origin) return preflight(req, res);
      if (!hubId) throw new ApiError(400, 'missing_homey_id', 'Name the Homey: send its id as the X-Homey-ID header');
      // The body as bytes, not parsed: the hub validates the call (once, as it does a local one).
      const body = hasBody(req) ? await readBody(req) : undefined;
      const identity = gzippedForIdentity(req);
      const headers = relayedHeaders(Object.entries(req.headers));
      if (identity) headers['accept-encoding'] = 'gzip';
      const sent = await connections.request(hubId, {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers,
        remoteAddress: clientAddress(req),
        ...(body?.length ? { body } : {}),
      });
      const response = identity ? await unzipped(sent) : sent;
      const answer = response.body;
      for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
      res.setHeader('Content-Length', answer.length);
      res.writeHead(response.status).end(answer);
    } catch (error) {
      // Drain what the client still sends, so that the error reaches it.
      req.resume();
      sendError(res, toApiError(error), error, false);
    }
  };
}
