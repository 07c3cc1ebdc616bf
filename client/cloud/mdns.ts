import { MDNS_SERVICE_TYPE } from '../constants.js';
import { APIError, messages } from '../errors.js';

/** Multicast DNS needs UDP sockets (dgram): Node has them, browsers do not. */
export const canBrowseMdns = (): boolean => typeof process !== 'undefined' && typeof process.versions?.node === 'string';

interface Advertised {
  name?: string;
  port: number;
  addresses?: string[];
  txt?: Record<string, unknown>;
}

/** An IPv4 address first: a link-local IPv6 one needs its interface to be reached. */
function origin(service: Advertised): string | undefined {
  const addresses = service.addresses ?? [];
  const host = addresses.find((address) => address.includes('.')) ?? addresses[0];
  if (!host) return undefined;
  return `http://${host.includes(':') ? `[${host}]` : host}:${service.port}`;
}

/**
 * Browses the LAN for `_homey._tcp` and resolves with the HTTP origin of the hub whose TXT `id` (or instance name)
 * is `id`. Not advertised within `timeout` ms: 'No Homey Found At Address'. Stops browsing once settled or aborted.
 */
export async function browseHub(id: string, timeout: number, signal?: AbortSignal): Promise<string> {
  // Named by a variable so that browser bundlers leave this Node-only module out (canBrowseMdns guards the call).
  const library = 'bonjour-service';
  const { Bonjour } = (await import(/* @vite-ignore */ library)) as typeof import('bonjour-service');
  return new Promise<string>((resolve, reject) => {
    const bonjour = new Bonjour(undefined, (error: Error) => finish(new APIError(messages.noHomeyFound, undefined, error.message)));
    const browser = bonjour.find({ type: MDNS_SERVICE_TYPE, protocol: 'tcp' });
    const timer = setTimeout(() => finish(new APIError(messages.noHomeyFound, undefined, `Not advertised over mDNS within ${timeout}ms`)), timeout);
    const aborted = () => finish(new APIError(messages.noHomeyFound, undefined, 'mDNS browse stopped'));
    signal?.addEventListener('abort', aborted);
    let settled = false;
    function finish(error?: Error, address?: string) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', aborted);
      browser.stop();
      bonjour.destroy();
      if (address) resolve(address);
      else reject(error);
    }
    const check = (service: Advertised) => {
      const address = (service.txt?.id === id || service.name === id) && origin(service);
      if (address) finish(undefined, address);
    };
    browser.on('up', check);
    browser.on('txt-update', check);
    if (signal?.aborted) aborted();
  });
}
