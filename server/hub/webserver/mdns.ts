import { Bonjour } from 'bonjour-service';
import type { Hub, HubCore } from '../core/context.js';
import { localHostName } from '../../common/local-name.js';

/** The DNS-SD service type hubs advertise (`_homey._tcp.local`), which the client's mdns strategy browses. */
export const MDNS_SERVICE_TYPE = 'homey';

/** The hub's mDNS host name, one of the names its HostAllowList accepts. */
export const mdnsHostName = (hub: HubCore) => localHostName(hub.id);

/** The TXT record: the hub's id (what ping's X-Homey-ID answers) and what a client checks before it pings. */
export const mdnsTxt = (hub: HubCore) => ({ id: hub.id, version: hub.version, apiVersion: '3' });

/**
 * Advertises the hub on the LAN over multicast DNS: instance name and TXT `id` are the hub's id (what ping's
 * X-Homey-ID answers), SRV the HTTP port, TXT `version` and `apiVersion` what a client checks before it pings.
 * Resolves the stop, which sends the goodbye packets and closes the socket.
 */
export function advertiseHub(hub: Hub, port: number, onError: (error: Error) => void): () => Promise<void> {
  const bonjour = new Bonjour(undefined, onError);
  const service = bonjour.publish({
    name: hub.id,
    type: MDNS_SERVICE_TYPE,
    protocol: 'tcp',
    port,
    host: mdnsHostName(hub),
    txt: mdnsTxt(hub),
  });
  service.on('error', onError);
  return () => new Promise<void>((resolve) => bonjour.unpublishAll(() => bonjour.destroy(() => resolve())));
}
