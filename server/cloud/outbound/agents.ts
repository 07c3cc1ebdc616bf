import type { Agent } from 'node:http';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** http and https agents by URL protocol, as `URL.protocol` spells them. */
export type OutboundAgents = Readonly<Record<'http:' | 'https:', Agent>>;

/**
 * Agents for requests the cloud makes to addresses a caller chose (a hub's webhook callback, an icon's URL):
 * request-filtering-agent refuses loopback, private, link-local and meta addresses after name resolution, so a name
 * that resolves inward later is refused too, unless `allow` lists them (IPs or CIDRs an operator trusts, or a test's
 * loopback). Requests through them follow no redirect (node's http client never does).
 */
export function publicOnlyAgents(allow: readonly string[] = []): OutboundAgents {
  const filter = { allowIPAddressList: [...allow] };
  return { 'http:': new RequestFilteringHttpAgent(filter), 'https:': new RequestFilteringHttpsAgent(filter) };
}

/** request-filtering-agent's refusal of an address, told apart from a host that did not answer. */
export const refusedAddress = (error: unknown) => error instanceof Error && /is not allowed/.test(error.message);
