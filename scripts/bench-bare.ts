/**
 * Baselines of npm run bench: a bare Express 5 route answering BENCH_PATH with the JSON of BENCH_BODY_FILE, without
 * authentication, validation or a store. With BENCH_CACHED=1 it sends the same bytes from a buffer with Express's
 * ETag hashing off (what the hub's kernel does with its cached answers); without, `res.json` serializes and hashes
 * every answer, Express's default. Prints `Bare URL: <url>`.
 */
import { readFileSync } from 'node:fs';
import express from 'express';

const bytes = readFileSync(process.env.BENCH_BODY_FILE!);
const body = JSON.parse(bytes.toString('utf8'));
const app = express();
if (process.env.BENCH_CACHED === '1') {
  app.set('etag', false);
  app.get(process.env.BENCH_PATH!, (_req, res) => {
    res.type('json').send(bytes);
  });
} else {
  app.get(process.env.BENCH_PATH!, (_req, res) => {
    res.json(body);
  });
}
const server = app.listen(0, '127.0.0.1', (error) => {
  if (error) throw error;
  const address = server.address() as { port: number };
  console.log(`Bare URL: http://127.0.0.1:${address.port}`);
});
