import { hubApis, type HubApiId } from '../../generated/hub/index.js';
import type { OperationSpec } from '../../generated/manifest.js';

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

/**
 * Delivery over the hub's own HTTP API at the address `addressOf` knows for it (the base URL a hub registered).
 * A hub without an address or that does not answer is offline; any answer it gives (a 404 for a webhook it
 * dropped) is the delivery's outcome.
 */
export function directHubDelivery(addressOf: (hubId: string) => Promise<string | null>): HubDelivery {
  return {
    async deliver(hubId, manager, operationId, args) {
      const { method, path, body } = hubRequest(manager, operationId, args);
      const base = await addressOf(hubId);
      if (!base) return { delivered: false, reason: 'offline' };
      let response: Response;
      try {
        response = await fetch(new URL(path, base), {
          method,
          headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        });
      } catch {
        return { delivered: false, reason: 'offline' };
      }
      return { delivered: true, status: response.status, body: await response.json().catch(() => null) };
    },
  };
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
