import { request, type RequestOptions } from 'node:https';
import type { LookupFunction } from 'node:net';

/** The LAN's multicast DNS, which the test machine's resolver may not ask: every name is this machine. */
const mdns: LookupFunction = (_hostname, options, callback) =>
  options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4);

export type HttpsAnswer = { status: number; body: string; hubId?: string } | { error: string };

/**
 * GET over HTTPS by a hub's `localUrlSecure` (its `.local` name found on this machine), trusting `options.ca` only:
 * the status, body and `X-Homey-ID`, or the TLS error's code.
 */
export function getByLocalName(url: string, options: RequestOptions = {}): Promise<HttpsAnswer> {
  return new Promise((resolve) => {
    const call = request(url, { lookup: mdns, ...options }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body, hubId: response.headers['x-homey-id'] as string | undefined }));
    });
    call.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    call.end();
  });
}
