import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type RequestListener } from 'node:http';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { startRemoteConnect, type RemoteConnect } from '../../hub/cloud/connect.js';
import { systemClock } from '../../http/clock.js';
import { hubSecret } from '../callers/hub-secret.js';
import { createConnectService, type ConnectService } from './service.js';
import { decodeFrame, encodeFrame, MAX_TUNNEL_BODY, tunnelMask, type TunnelResponse } from '../../common/tunnel-protocol.js';

const HUB = 'cccccccccccccccccccccccc';
/** The pieces the hub's answer is written in: around the 64 KiB a socket read gives, and odd sizes. */
const PIECES = [1, 7, 65_535, 65_536, 65_537, 3, 131_072];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The tunnel itself, both of its ends real (the connect service and the hub's side of it), carrying calls to a
 * request listener that stands where the hub's own HTTP app answers (in process, as the hub makes them): it answers
 * what the hub's API has no operation for (any bytes back, an answer in odd pieces, one that breaks off, one that
 * never comes).
 */
describe('the connect tunnel: bodies across it', () => {
  let connect: ConnectService;
  let connectUrl: string;
  let remote: RemoteConnect;
  const received: string[] = [];
  let waiting: (() => void) | undefined;
  const pieces = PIECES.map((size, index) => Buffer.alloc(size, index + 1));
  const list = Buffer.from(JSON.stringify(Array.from({ length: 2000 }, (_, index) => ({ id: `device-${index}`, name: `Lamp ${index}`, on: index % 2 === 0 }))));
  const encodings: Array<string | undefined> = [];
  /** Beyond what the service unzips on its own thread (1 MB). */
  const large = Buffer.concat(Array.from({ length: 20 }, () => list));

  /** What the hub's app saw of the last call: its connection's address and its headers. */
  const seen: Array<{ address: string | undefined; headers: IncomingMessage['headers']; rawHeaders: string[] }> = [];
  const key = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    connect = createConnectService({ accountKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(), isHubUser: async () => false, hubSecretKey: key });
    connectUrl = await connect.listen(0);
    const hubApi: RequestListener = (req, res) => {
      seen.push({ address: req.socket.remoteAddress, headers: req.headers, rawHeaders: req.rawHeaders });
      if (req.url === '/api/echo') {
        void bodyOf(req).then((body) => {
          received.push(sha256(body));
          res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
        });
      } else if (req.url === '/api/pieces') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        for (const piece of pieces) res.write(piece);
        res.end();
      } else if (req.url === '/api/broken') {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(1024 * 1024) });
        res.write(Buffer.alloc(100 * 1024, 7), () => res.destroy());
      } else if (req.url === '/api/list') {
        // As the hub's list read: gzipped when asked for it (its gzip cached), its bytes as they are otherwise.
        encodings.push(req.headers['accept-encoding']);
        const gzip = req.headers['accept-encoding']?.includes('gzip');
        res.writeHead(200, { 'content-type': 'application/json', vary: 'Accept-Encoding', ...(gzip ? { 'content-encoding': 'gzip' } : {}) }).end(gzip ? gzipSync(list) : list);
      } else if (req.url === '/api/zipped-large') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(large));
      } else if (req.url === '/api/zipped-members') {
        // Two gzip members, as a list gzipped in pieces: the last one's size is not the whole's.
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(Buffer.concat([gzipSync(list), gzipSync(Buffer.from(' '))]));
      } else if (req.url === '/api/revalidated') {
        res.writeHead(304, { etag: 'W/"1"', vary: 'Accept-Encoding', 'content-encoding': 'gzip' }).end();
      } else if (req.url === '/api/bad-gzip') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end('not gzip');
      } else if (req.url === '/api/created?x=1') {
        res.writeHead(201, 'Made', { 'content-type': 'text/plain; charset=latin1', 'x-answer': 'yes' });
        res.write('ünï ', 'latin1');
        res.write(new Uint8Array([0, 255]));
        res.end('cödé', 'utf8');
      } else if (req.url === '/api/huge') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.write(Buffer.alloc(MAX_TUNNEL_BODY));
        res.end(Buffer.alloc(1));
      } else if (req.url === '/api/piped') {
        // As a file or stream piped into the answer: each write waits for 'drain' when the answer says so.
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        Readable.from(pieces).pipe(res);
      } else if (req.url === '/api/throws') {
        throw new Error('a secret of the hub');
      } else if (req.url === '/api/never') {
        waiting?.();
      } else res.writeHead(404).end();
    };
    // Realtime sessions (not used here) would open at localUrl.
    remote = startRemoteConnect({ id: HUB, clock: systemClock, now: systemClock.now }, { connectUrl, secret: hubSecret(key, HUB), localUrl: 'http://127.0.0.1:9', api: { listener: hubApi, host: '127.0.0.1:4859' } });
    await remote.connected();
  });
  afterAll(async () => {
    remote.stop();
    await connect.close();
  });

  const call = (path: string, init: RequestInit = {}) => fetch(connectUrl + path, { ...init, headers: { 'x-homey-id': HUB, ...init.headers } });

  it('when a client sends a large binary body and the hub answers it back, then both ways it arrives byte-exact', async () => {
    const body = randomBytes(5 * 1024 * 1024 + 3);
    const response = await call('/api/echo', { method: 'POST', body, headers: { 'content-type': 'application/octet-stream' } });
    expect(response.status).toBe(200);
    expect(received.at(-1)).toBe(sha256(body));
    const answer = Buffer.from(await response.arrayBuffer());
    expect(answer.length).toBe(body.length);
    expect(answer.equals(body)).toBe(true);
    expect(response.headers.get('content-length')).toBe(String(body.length));
  });

  it("when the hub's answer comes in pieces across the socket's read size, then the client gets them joined byte-exact", async () => {
    const response = await call('/api/pieces');
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.concat(pieces))).toBe(true);
  });

  it('when the hub pipes a stream into its answer, then it flows to its end and the client gets it byte-exact', async () => {
    const response = await call('/api/piped');
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.concat(pieces))).toBe(true);
  });

  it('when many calls cross at once (their frames written together each way), then each client gets its own answer', async () => {
    const bodies = Array.from({ length: 30 }, (_, index) => randomBytes(1 + index * 101));
    const answers = await Promise.all(bodies.map((body) => call('/api/echo', { method: 'POST', body }).then(async (response) => Buffer.from(await response.arrayBuffer()))));
    answers.forEach((answer, index) => expect(answer.equals(bodies[index]!)).toBe(true));
  });

  it('when a call has no body, then the hub gets none (and an empty answer stays empty)', async () => {
    const response = await call('/api/echo', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(received.at(-1)).toBe(sha256(Buffer.alloc(0)));
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  /** A GET through node:http, which sends exactly the headers given (fetch would add its own Accept-Encoding). */
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
      const call = httpRequest(connectUrl + path, { headers: { 'x-homey-id': HUB, ...headers } }, (response) => {
        void bodyOf(response).then((body) => resolve({ status: response.statusCode!, headers: response.headers, body }), reject);
      });
      call.on('error', reject).end();
    });

  it("when a client calls with its headers, then the hub's app gets them on its own Host, from the client's address, and its status and headers come back", async () => {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const headers = { 'x-homey-id': HUB, 'x-forwarded-for': '6.6.6.6', 'x-question': 'why', 'content-type': 'application/json', 'content-length': '2' };
      httpRequest(connectUrl + '/api/created?x=1', { method: 'PUT', headers, localAddress: '127.0.0.7' }, resolve).on('error', reject).end('{}');
    });
    const body = await bodyOf(response);
    const call = seen.at(-1)!;
    expect(call.address).toBe('127.0.0.7');
    expect(call.headers).toMatchObject({ host: '127.0.0.1:4859', 'x-question': 'why', 'x-homey-id': HUB, 'content-length': '2' });
    expect(call.headers['x-forwarded-for']).toBeUndefined();
    expect(call.rawHeaders.filter((_, index) => index % 2 === 0)).toEqual(Object.keys(call.headers));
    expect(response.statusCode).toBe(201);
    expect(response.headers).toMatchObject({ 'content-type': 'text/plain; charset=latin1', 'x-answer': 'yes' });
    expect(body.equals(Buffer.concat([Buffer.from('ünï ', 'latin1'), Buffer.from([0, 255]), Buffer.from('cödé')]))).toBe(true);
  });

  it('when a HEAD is answered with a body, then the client gets the status and no body, as from node:http', async () => {
    const response = await call('/api/list', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('when the hub answers more than a tunnel carries, then the client gets a 502 JSON error', async () => {
    const response = await call('/api/huge');
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: 'homey_error', statusCode: 502 });
  });

  it('when a client names no encoding, then the hub is asked for gzip and the client gets the bytes unzipped, as the hub has them', async () => {
    const response = await get('/api/list');
    expect(encodings.at(-1)).toBe('gzip');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(list.length));
    expect(response.body.equals(list)).toBe(true);
  });

  it('when a gzip unzips to more than a megabyte, or is made of several members, then the client gets every byte unzipped', async () => {
    const response = await get('/api/zipped-large');
    expect(response.status).toBe(200);
    expect(response.body.length).toBeGreaterThan(1024 * 1024);
    expect(response.body.equals(large)).toBe(true);
    const members = await get('/api/zipped-members');
    expect(members.body.equals(Buffer.concat([list, Buffer.from(' ')]))).toBe(true);
  });

  it('when a client names its encodings, then the hub is asked as the client asked and its choice is passed on', async () => {
    const zipped = await get('/api/list', { 'accept-encoding': 'gzip, deflate' });
    expect(encodings.at(-1)).toBe('gzip, deflate');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body.equals(gzipSync(list))).toBe(true);
    const plain = await get('/api/list', { 'accept-encoding': 'identity' });
    expect(encodings.at(-1)).toBe('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(list)).toBe(true);
  });

  it('when a client naming no encoding revalidates, then the 304 comes back as the hub sent it, with no encoding', async () => {
    const response = await get('/api/revalidated', { 'if-none-match': 'W/"1"' });
    expect(response.status).toBe(304);
    expect(response.headers.etag).toBe('W/"1"');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('when the hub answers a gzip that does not unzip, then the client gets a 502 JSON error', async () => {
    const response = await get('/api/bad-gzip');
    expect(response.status).toBe(502);
    expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({ error: 'homey_error', statusCode: 502 });
  });

  it("when the hub's own answer breaks off mid-body, then the client gets a 502 JSON error, not a cut body", async () => {
    const response = await call('/api/broken');
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: 'homey_error', statusCode: 502 });
  });

  it("when the hub's app throws, then the client gets a 502 JSON error that says nothing of it", async () => {
    const response = await call('/api/throws');
    expect(response.status).toBe(502);
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ error: 'homey_error', statusCode: 502 });
    expect(body).not.toContain('secret');
  });

  it('when the tunnel closes while a call waits for its answer, then the client gets a 503 JSON error', async () => {
    const arrived = new Promise<void>((resolve) => (waiting = resolve));
    const pending = call('/api/never');
    await arrived;
    remote.stop();
    const response = await pending;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'homey_disconnected', error_description: 'The Homey went offline before it answered', statusCode: 503 });
    expect((await call('/api/echo')).status).toBe(404);
  });
});

describe('the frames of the tunnel', () => {
  it('when a body is given as the pieces it was read in, then the frame carries them as one body, behind its head', () => {
    const head = { type: 'response' as const, id: 7, status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } };
    const frame = encodeFrame(head, [Buffer.from('ünï'), Buffer.alloc(0), Buffer.from('cödé')]);
    const message = decodeFrame<TunnelResponse>(frame);
    expect(message).toMatchObject(head);
    expect(message.body.toString('utf8')).toBe('ünïcödé');
    expect(decodeFrame<TunnelResponse>(encodeFrame(head)).body.length).toBe(0);
  });

  it('when the connect service is reached over TLS or on loopback, then frames go unmasked (key zero); elsewhere ws draws a key', () => {
    const mask = Buffer.from([1, 2, 3, 4]);
    for (const url of ['wss://connect.example.com/tunnel', 'ws://127.0.0.1:4862/tunnel', 'ws://[::1]:4862/tunnel', 'ws://127.1.2.3/tunnel']) {
      tunnelMask(new URL(url))!(mask);
      expect([url, [...mask]]).toEqual([url, [0, 0, 0, 0]]);
    }
    expect(tunnelMask(new URL('ws://connect.example.com/tunnel'))).toBeUndefined();
    expect(tunnelMask(new URL('ws://192.168.1.20/tunnel'))).toBeUndefined();
  });
});
