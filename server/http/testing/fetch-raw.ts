import { get, type IncomingHttpHeaders } from 'node:http';

/**
 * One GET as a browser sends it, the body as it came over the wire (not decompressed). Not `fetch`: it adds
 * `Cache-Control: no-cache` to a request with `If-None-Match`, which a server rightly answers in full.
 */
export function fetchRaw(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
