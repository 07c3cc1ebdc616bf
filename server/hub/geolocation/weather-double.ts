import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Weather } from './weather.js';

/** What the double answers next: a status and a body (weather, typed from the contract, or anything else). */
export type WeatherAnswer = { status: 200; body: Weather } | { status: number; body: unknown; raw?: string };

/**
 * A stand-in for the cloud weather service (AthomWeatherAPI `GET /weather`), an external host the hub's tests
 * cannot reach: it records each query and answers what the test set.
 */
export async function startWeatherDouble(answer: WeatherAnswer) {
  const queries: Array<Record<string, string>> = [];
  let next = answer;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    if (req.method !== 'GET' || url.pathname !== '/weather') return void res.writeHead(404).end();
    queries.push(Object.fromEntries(url.searchParams));
    res.writeHead(next.status, { 'Content-Type': 'application/json' });
    res.end('raw' in next && next.raw !== undefined ? next.raw : JSON.stringify(next.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    queries,
    answer(value: WeatherAnswer) {
      next = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
