import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { log } from '../../http/log.js';
import type { Hub } from '../core/context.js';
import { localHostName } from '../../common/local-name.js';

/** The hub's certificate for its local name, as the cloud local certificate service (AthomDNSAPI) answers it. */
export interface LocalCertificate {
  hostname: string;
  certificate: string;
  privateKey: string;
  ca: string;
  expiresAt: string;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Asked for again this long before it ends: the service hands out a new one from 30 days before the end. */
export const RENEW_BEFORE_MS = 30 * DAY_MS;
/** After a failed or too early ask, the next one. */
export const RETRY_MS = HOUR_MS;

async function fetchCertificate(certificateUrl: string, secret: string): Promise<LocalCertificate> {
  const url = `${certificateUrl.replace(/\/+$/, '')}/certificate/homey?secret=${encodeURIComponent(secret)}`;
  const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
  const body = (await response.json().catch(() => undefined)) as Partial<LocalCertificate> & { error_description?: string } | undefined;
  if (!response.ok) throw new Error(`the certificate service answered ${response.status}${body?.error_description ? ` (${body.error_description})` : ''}`);
  if (typeof body?.certificate !== 'string' || typeof body.privateKey !== 'string' || typeof body.expiresAt !== 'string') {
    throw new Error('the certificate service answered no certificate');
  }
  return body as LocalCertificate;
}

export interface SecureListener {
  /** The hub's `localUrlSecure`: `https://homey-<hubId>.local:<port>`. */
  url: string;
  /** The certificate served now. */
  certificate(): LocalCertificate;
  close(): void;
}

/**
 * Serves `server` (the hub's API and realtime) over TLS on a port of its own, with the hub's certificate for its
 * local name from the certificate service of `hub.config.certificateUrl`, asked for with `hub.config.hubSecret`:
 * now (rejects when there is none), then again before it expires, the new one served from then on without a
 * restart. Decrypted connections are handed to the plain server, so both ports answer alike.
 */
export async function listenSecure(hub: Pick<Hub, 'id' | 'config' | 'clock'>, server: HttpServer, port: number, host: string): Promise<SecureListener> {
  const { certificateUrl, hubSecret } = hub.config;
  if (!certificateUrl || !hubSecret) throw new Error('the hub has no certificate service (certificateUrl) or no credential (hubSecret)');
  let current = await fetchCertificate(certificateUrl, hubSecret);
  const tls = createTlsServer({ key: current.privateKey, cert: current.certificate }, (socket) => server.emit('connection', socket));
  await new Promise<void>((resolve, reject) => {
    tls.once('error', reject);
    tls.listen(port, host, () => {
      tls.off('error', reject);
      resolve();
    });
  });

  let cancel = () => {};
  const schedule = (time: number) => {
    cancel = hub.clock.at(Math.max(time, hub.clock.now() + RETRY_MS), renew);
  };
  const renew = () => {
    fetchCertificate(certificateUrl, hub.config.hubSecret ?? hubSecret).then(
      (answer) => {
        if (!tls.listening) return;
        if (answer.certificate !== current.certificate) tls.setSecureContext({ key: answer.privateKey, cert: answer.certificate });
        current = answer;
        schedule(Date.parse(answer.expiresAt) - RENEW_BEFORE_MS);
      },
      (error: Error) => {
        log.warn({ err: error }, 'The local certificate could not be renewed');
        if (tls.listening) schedule(0);
      },
    );
  };
  schedule(Date.parse(current.expiresAt) - RENEW_BEFORE_MS);

  const { port: actual } = tls.address() as AddressInfo;
  return {
    url: new URL(`https://${localHostName(hub.id)}:${actual}`).origin,
    certificate: () => current,
    /** Stops listening; the connections are the plain server's, which closes them. */
    close() {
      cancel();
      if (tls.listening) tls.close();
    },
  };
}
