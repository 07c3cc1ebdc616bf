/**
 * The baseline of npm run bench: a bare Express route answering BENCH_PATH with the JSON of BENCH_BODY_FILE,
 * without authentication, validation or a store. Prints `Bare URL: <url>`.
 */
import { readFileSync } from 'node:fs';
import express from 'express';

const body = JSON.parse(readFileSync(process.env.BENCH_BODY_FILE!, 'utf8'));
const app = express();
app.get(process.env.BENCH_PATH!, (_req, res) => {
  res.json(body);
});
const server = app.listen(0, '127.0.0.1', (error) => {
  if (error) throw error;
  const address = server.address() as { port: number };
  console.log(`Bare URL: http://127.0.0.1:${address.port}`);
});
