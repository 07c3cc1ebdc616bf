/**
 * Baselines of npm run bench: a bare Express 5 route answering BENCH_PATH with the JSON of BENCH_BODY_FILE, without
 * authentication, validation or a store. With BENCH_CACHED=1 it does what the hub's kernel does with its cached
 * answers, and nothing else: the same bytes from a buffer with an ETag made once (Express's hashing off), 304 when
 * the client's copy is current, gzip made once for clients that accept it, and a PUT of JSON at any path answered
 * 204 after the ceiling's one SQLite write (bench-ceiling.ts). Without, `res.json` serializes and hashes
 * every answer, Express's default. Run as a script, prints `Bare URL: <url>`; bareApp makes the app in-process.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import express from 'express';
import { entityTag } from '../server/http/respond.js';
import { LIST_GZIP } from '../server/http/list-encoding.js';
import { itemWriter } from './bench-item-write.js';

/** The bare app over the JSON bytes of `bodyFile` at `listPath`, cached (BENCH_CACHED=1) or serialized per answer. */
export function bareApp({ bodyFile, listPath, cached, etag: given }: { bodyFile: string; listPath: string; cached: boolean; etag?: string }): express.Express {
  const bytes = readFileSync(bodyFile);
  const body = JSON.parse(bytes.toString('utf8'));
  const app = express();
  if (cached) {
    app.set('etag', false);
    // The hub's own tag for these bytes when the bench names it, so that the same If-None-Match is fresh at both.
    const etag = given || entityTag(bytes);
    const gzipped = gzipSync(bytes, LIST_GZIP);
    app.get(listPath, (req, res) => {
      res.type('json').set('ETag', etag).vary('Accept-Encoding');
      if (req.fresh) return void res.status(304).end();
      if (req.acceptsEncodings('gzip')) return void res.set('Content-Encoding', 'gzip').send(gzipped);
      res.send(bytes);
    });
    // The write baseline: Express's JSON body parser and the ceiling's one SQLite write, at any path.
    const write = itemWriter('bare');
    app.put('/{*path}', express.json(), (req, res) => {
      write(req.path, JSON.stringify(req.body));
      res.status(204).end();
    });
  } else {
    app.get(listPath, (_req, res) => {
      res.json(body);
    });
  }
  return app;
}

// Run as a script (npm run bench starts it as a process of its own): listens and prints its URL.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const app = bareApp({ bodyFile: process.env.BENCH_BODY_FILE!, listPath: process.env.BENCH_PATH!, cached: process.env.BENCH_CACHED === '1', etag: process.env.BENCH_ETAG });
  const server = app.listen(0, '127.0.0.1', (error) => {
    if (error) throw error;
    const address = server.address() as { port: number };
    console.log(`Bare URL: http://127.0.0.1:${address.port}`);
  });
}
