import { hubApis, type HubApiId } from '../../generated/hub/index.js';
import type { OperationSpec } from '../../generated/manifest.js';

/** What a delivery came to: the hub's answer, or that the hub could not be reached. */
export type Delivery = { delivered: true; status: number; body: unknown } | { delivered: false; reason: 'offline' };

/**
 * How a cloud service hands something to a hub (a webhook call, a push confirmation, an OAuth2 callback): one
 * operation of one of the hub's managers, with its named arguments, by the hub's id. The services that deliver
 * take one; the connect service supplies the one that reaches hubs through their outbound connection.
 */
export interface HubDelivery {
  deliver(hubId: string, manager: HubApiId, operationId: string, args: Record<string, unknown>): Promise<Delivery>;
}

const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Delivery over the hub's own HTTP API at the address `addressOf` knows for it (the base URL a hub registered):
 * the operation's path, query and JSON body as the hub's contract says. A hub without an address or that does
 * not answer is offline; any answer it gives (a 404 for a webhook it dropped) is the delivery's outcome.
 */
export function directHubDelivery(addressOf: (hubId: string) => Promise<string | null>): HubDelivery {
  return {
    async deliver(hubId, manager, operationId, args) {
      const operations: Readonly<Record<string, OperationSpec>> = hubApis[manager].operations;
      const operation = Object.hasOwn(operations, operationId) ? operations[operationId] : undefined;
      if (!operation) throw new Error(`No operation ${manager}.${operationId} in the hub's contract`);
      const base = await addressOf(hubId);
      if (!base) return { delivered: false, reason: 'offline' };
      const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String(args[name])));
      const url = new URL(path, base);
      for (const name of operation.queryParams) if (args[name] !== undefined) url.searchParams.set(name, String(args[name]));
      const body = operation.body?.kind === 'root' ? args[operation.body.name] : operation.body ? Object.fromEntries(operation.body.names.filter((name) => name in args).map((name) => [name, args[name]])) : undefined;
      let response: Response;
      try {
        response = await fetch(url, {
          method: operation.method.toUpperCase(),
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
