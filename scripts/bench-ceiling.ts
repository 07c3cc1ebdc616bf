/**
 * The ceiling of npm run bench: plain node:http with nothing in the way. GET BENCH_PATH answers the bytes of
 * BENCH_BODY_FILE from a buffer (gzipped once up front, for clients that accept gzip); PUT answers 204 after
 * parsing the JSON body and one SQLite write, with the hub's pragmas for capability values (WAL, synchronous NORMAL).
 * Prints `Ceiling URL: <url>`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { LIST_GZIP } from '../server/http/list-encoding.js';
import { itemWriter } from './bench-item-write.js';

const body = readFileSync(process.env.BENCH_BODY_FILE!);
const gzipped = gzipSync(body, LIST_GZIP);
const write = itemWriter('ceiling');

const server = createServer((req, res) => {
  if (req.method === 'PUT') {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      write(req.url!, JSON.stringify(JSON.parse(Buffer.concat(chunks).toString())));
      res.writeHead(204).end();
    });
    return;
  }
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  const bytes = gzip ? gzipped : body;
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': bytes.length, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
  res.end(bytes);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`Ceiling URL: http://127.0.0.1:${port}`);
});
