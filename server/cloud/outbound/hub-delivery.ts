import type { Agent } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { hubApis, type HubApiId } from '../../../generated/hub/index.js';
import type { OperationSpec } from '../../../generated/manifest.js';
import { publicOnlyAgents } from './agents.js';

/** What a delivery came to: the hub's answer, or that the hub could not be reached. */
export type Delivery = { delivered: true; status: number; body: unknown } | { delivered: false; reason: 'offline' };

/**
 * How a cloud service hands something to a hub (a webhook call, a push confirmation, an OAuth2 callback): one
 * operation of one of the hub's managers, with its named arguments, by the hub's id. The services that deliver
 * take one; the connect service supplies the one that reaches hubs through their outbound connection
 * (connect/delivery.ts), and `deliveryInOrder` falls back from it to the hub's own address.
 */
export interface HubDelivery {
  deliver(hubId: string, manager: HubApiId, operationId: string, args: Record<string, unknown>): Promise<Delivery>;
}

/** One call of the hub's own HTTP API: its method, its path with the query, and its JSON body (when it has one). */
export interface HubRequest {
  method: string;
  path: string;
  body?: unknown;
}

/** The call of an operation of the hub's contract with named arguments: path, query and JSON body as it says. */
export function hubRequest(manager: HubApiId, operationId: string, args: Record<string, unknown>): HubRequest {
  const operations: Readonly<Record<string, OperationSpec>> = hubApis[manager].operations;
  const operation = Object.hasOwn(operations, operationId) ? operations[operationId] : undefined;
  if (!operation) throw new Error(`No operation ${manager}.${operationId} in the hub's contract`);
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String(args[name])));
  const query = new URLSearchParams();
  for (const name of operation.queryParams) if (args[name] !== undefined) query.set(name, String(args[name]));
  const body = operation.body?.kind === 'root' ? args[operation.body.name] : operation.body ? Object.fromEntries(operation.body.names.filter((name) => name in args).map((name) => [name, args[name]])) : undefined;
  return { method: operation.method.toUpperCase(), path: query.size ? `${path}?${query}` : path, ...(body === undefined ? {} : { body }) };
}

const DELIVERY_TIMEOUT_MS = 10_000;
/** A hub's answer is read up to this size; a longer one still counts as delivered, its body as null. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Delivery over the hub's own HTTP API at the address `addressOf` knows for it (the base URL a hub registered).
 * Such an address is whatever a hub said, so the connection goes only to a public address as name resolution gives
 * it at the time of delivery (request-filtering-agent: no loopback, private, link-local or meta address, unless
 * `allowAddresses` lists it, IPs or CIDRs an operator trusts), and a redirect is an answer, never followed. A hub
 * without an address, or one that does not answer or may not be reached, is offline; any answer it gives (a 404 for
 * a webhook it dropped) is the delivery's outcome.
 */
export function directHubDelivery(addressOf: (hubId: string) => Promise<string | null>, { allowAddresses = [] }: { allowAddresses?: readonly string[] } = {}): HubDelivery {
  const agents = publicOnlyAgents(allowAddresses);
  return {
    async deliver(hubId, manager, operationId, args) {
      const { method, path, body } = hubRequest(manager, operationId, args);
      const base = await addressOf(hubId);
      if (!base) return { delivered: false, reason: 'offline' };
      const url = new URL(path, base);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return { delivered: false, reason: 'offline' };
      try {
        const answer = await send(url, agents[url.protocol], method, body === undefined ? undefined : JSON.stringify(body));
        return { delivered: true, status: answer.status, body: parseJson(answer.text) };
      } catch {
        return { delivered: false, reason: 'offline' };
      }
    },
  };
}

/** One request through `agent` (node's http client follows no redirect), its answer's status and text. */
function send(url: URL, agent: Agent, method: string, json: string | undefined): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers = json === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) };
    const request = client(url, { method, agent, headers, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: size <= MAX_ANSWER_BYTES ? Buffer.concat(chunks).toString('utf8') : '' }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(json);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Each delivery in turn until one reaches the hub (through connect first, then the hub's own address ...). */
export function deliveryInOrder(...deliveries: HubDelivery[]): HubDelivery {
  return {
    async deliver(hubId, manager, operationId, args) {
      let outcome: Delivery = { delivered: false, reason: 'offline' };
      for (const delivery of deliveries) {
        outcome = await delivery.deliver(hubId, manager, operationId, args);
        if (outcome.delivered) return outcome;
      }
      return outcome;
    },
  };
}
