import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { badRequest } from '../../http/errors.js';

/**
 * The operator's setting that lets hubs register callback addresses which are not public: IPs and CIDRs, comma
 * separated (`127.0.0.1,10.0.0.0/8`), for a cloud and hubs on one private network or a test on loopback. Unset by
 * default: a deployment reaches only public addresses.
 */
export const CALLBACK_ALLOW_VARIABLE = 'WEBHOOK_CALLBACK_ALLOW';

/** The allow-list of `text` (see CALLBACK_ALLOW_VARIABLE); throws a line naming the variable for an entry that is no IP or CIDR. */
export function parseCallbackAllowList(text: string | undefined): string[] {
  const entries = (text ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    if (!ipaddr.isValid(entry) && !isCidr(entry)) throw new Error(`${CALLBACK_ALLOW_VARIABLE} lists IPs and CIDRs separated by commas, not "${entry}"`);
  }
  return entries;
}

function isCidr(text: string): boolean {
  try {
    ipaddr.parseCIDR(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether an address may be called: a public (unicast) one, or one the allow-list names, as request-filtering-agent judges at delivery. */
function allowed(address: string, allowList: readonly string[]): boolean {
  const parsed = ipaddr.parse(address);
  const listed = allowList.some((entry) => (isIP(entry) ? entry === address : parsed.kind() === ipaddr.parseCIDR(entry)[0].kind() && parsed.match(ipaddr.parseCIDR(entry))));
  return listed || parsed.range() === 'unicast';
}

/**
 * Refuses (400) a callback URL whose host is, or resolves to, an address that is not public (loopback, private,
 * link-local, meta ...) and not on the allow-list. Delivery checks again after its own name resolution, since a name
 * may resolve elsewhere later.
 */
export async function requirePublicCallback(callbackUrl: string, allowList: readonly string[]): Promise<void> {
  const host = new URL(callbackUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map(({ address }) => address);
    } catch {
      throw badRequest('callback_url must name a host that resolves to a public address');
    }
  }
  if (!addresses.every((address) => allowed(address, allowList))) throw badRequest('callback_url must be a public address: loopback, private and link-local addresses are refused');
}
