import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import { Duplex } from 'node:stream';
import { encodeFrame, MAX_TUNNEL_BODY, relayedHeaders, type TunnelRequest } from '../../common/tunnel-protocol.js';
import { serverOptions } from '../../http/front-door.js';
import { log } from '../../http/log.js';

/** Where forwarded calls are made: the hub's own HTTP app and a Host header its allow-list answers (its local address). */
export interface OwnApi {
  listener: RequestListener;
  host: string;
}

/**
 * The address a forwarded call counts as coming from when the service names none (the cloud's own deliveries): the
 * hub's own machine, as when such calls came over loopback.
 */
const UNNAMED_CALLER = '127.0.0.1';

/**
 * The connection a forwarded call arrives on, for the kernel and Express: the client's address as the connect service
 * saw it (what the hub's limits count per client, `clientAddress`), and a stream that is readable as a socket is while
 * its request is read (body-parser skips a request whose socket is not) and discards the bytes node:http writes to it.
 * It never asks a writer to wait: the answer is kept whole for its frame anyway, and the 'drain' that would end the
 * wait reaches an answer only through node:http's server, which a forwarded call does not pass (a piped stream stalled).
 */
function callConnection(remoteAddress: string): Duplex {
  const connection = new Duplex({ read() {}, write: (_chunk, _encoding, done) => done(), writableHighWaterMark: Number.MAX_SAFE_INTEGER });
  Object.defineProperty(connection, 'remoteAddress', { value: remoteAddress });
  // An answer destroyed with an error (a stream piped into it failed) destroys its connection with it: the caller hears a 502.
  connection.on('error', () => {});
  return connection;
}

/**
 * Gives a forwarded call the headers it arrives with: the client's, less the address it claims (the connection says
 * where the call comes from), then the hub's own host and the body's length, each once. Built by assignment: V8 (11.3)
 * promoted objects made by spreading one and then adding a property to the old generation, and each call's objects
 * with them (--trace-gc-nvp, forwarded pings on a test hub one at a time: 15.6 KB a young collection, none this way).
 */
function setHeaders(req: IncomingMessage, sent: Readonly<Record<string, string>>, host: string, body: Buffer | undefined): void {
  const headers: Record<string, string> = {};
  const raw: string[] = [];
  const add = (name: string, value: string) => {
    headers[name] = value;
    raw.push(name, value);
  };
  for (const name in sent) if (name !== 'x-forwarded-for' && name !== 'host' && name !== 'content-length') add(name, sent[name]!);
  add('host', host);
  if (body) add('content-length', String(body.length));
  req.headers = headers;
  req.rawHeaders = raw;
}

/**
 * Makes a forwarded call on the hub's own HTTP app in this process, through its whole stack as a local call (front
 * door, Host allow-list, CORS, token, scopes, validator, handler), without a second HTTP parse, socket or copy: the
 * request and answer are node:http's own IncomingMessage and ServerResponse over a connection that carries no bytes,
 * and the body the app writes is kept as the buffers it wrote. Resolves with the answer as a frame of the tunnel;
 * an app that ends the answer without finishing it, or writes more than a tunnel carries, answers 502.
 *
 * Not light-my-request or @hapi/shot: their requests and answers are classes of their own, which Express replaces
 * with its prototypes (node:http's), and light-my-request re-parents Express's prototypes, shared by every app of
 * the process, which would break the hub's real connections.
 */
export function callOwnApi(api: OwnApi, request: TunnelRequest): Promise<Buffer> {
  const failed = (reason: string): Buffer => {
    const body = { error: 'homey_error', error_description: `The Homey could not answer: ${reason}`, statusCode: 502 };
    return encodeFrame({ type: 'response', id: request.id, status: 502, headers: { 'content-type': 'application/json' } }, Buffer.from(JSON.stringify(body)));
  };
  return new Promise((resolve) => {
    const connection = callConnection(request.remoteAddress ?? UNNAMED_CALLER);
    // The classes the app's own server makes its requests from, so that Express need not change their prototypes.
    const { IncomingMessage: Request = IncomingMessage, ServerResponse: Response = ServerResponse } = serverOptions(api.listener);
    const req = new Request(connection as never);
    const body = request.body?.length ? request.body : undefined;
    req.method = request.method;
    req.url = request.path;
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    req.httpVersion = '1.1';
    setHeaders(req, request.headers, api.host, body);
    if (body) req.push(body);
    req.push(null);
    req.complete = true;

    const res = new Response(req);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const keep = (data: unknown, encoding?: BufferEncoding) => {
      if (data === undefined || data === null || typeof data === 'function') return;
      const chunk = Buffer.isBuffer(data) ? data : typeof data === 'string' ? Buffer.from(data, encoding) : Buffer.from(data as Uint8Array);
      size += chunk.length;
      // Too big for the tunnel: refused rather than sent (the tunnel would drop every call under way).
      if (size > MAX_TUNNEL_BODY) tooLarge = true;
      else chunks.push(chunk);
    };
    // Own properties, so that they stay when Express gives the answer its prototype; node:http still does the rest.
    res.write = function write(this: ServerResponse, data: unknown, ...rest: unknown[]) {
      keep(data, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined);
      return (ServerResponse.prototype.write as (...args: unknown[]) => boolean).call(this, data, ...rest);
    } as ServerResponse['write'];
    res.end = function end(this: ServerResponse, data?: unknown, ...rest: unknown[]) {
      keep(data, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined);
      return (ServerResponse.prototype.end as (...args: unknown[]) => ServerResponse).call(this, data, ...rest);
    } as ServerResponse['end'];
    // Headers given to writeHead are kept where getHeaders() reads them only once one was set before.
    res.setHeader('x-forwarded-call', '1');
    res.removeHeader('x-forwarded-call');
    res.assignSocket(connection as never);

    res.once('finish', () => {
      // As node:http does once an answer is sent: what the app did not read of the request is dropped, the connection closes.
      req.resume();
      // Once node:http's write callbacks have run: a connection destroyed under them makes an error for each (a stack trace a call).
      process.nextTick(() => connection.destroy());
      if (tooLarge) return resolve(failed(`the answer is larger than ${MAX_TUNNEL_BODY} bytes`));
      // No body for HEAD, 204 and 304: node:http drops what is written for them.
      const bodiless = request.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
      const answerHeaders = relayedHeaders(res.getHeaders());
      resolve(encodeFrame({ type: 'response', id: request.id, status: res.statusCode, headers: answerHeaders }, bodiless ? [] : chunks));
    });
    res.once('close', () => {
      if (!res.writableFinished) resolve(failed('its answer broke off'));
    });
    try {
      api.listener(req, res);
    } catch (error) {
      // Express answers what its stages throw; a listener that throws itself says nothing to the caller.
      log.error({ err: error }, "a forwarded call failed in the hub's own app");
      resolve(failed('it failed'));
    }
  });
}
