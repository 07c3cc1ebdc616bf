import type { HubDelivery } from '../outbound/hub-delivery.js';
import { hubRequest } from '../outbound/hub-delivery.js';
import type { HubConnections } from './connections.js';

/**
 * Delivery through the hub's tunnel to the connect service (whichever instance holds it: HubConnections): the
 * hub's operation as a forwarded call of its own API. A hub that is not connected, or does not answer in time, is
 * offline for this path (the next one may reach it); any answer it gives is the outcome.
 */
export function tunnelHubDelivery(connections: HubConnections): HubDelivery {
  return {
    async deliver(hubId, manager, operationId, args) {
      const { method, path, body } = hubRequest(manager, operationId, args);
      try {
        const response = await connections.request(hubId, {
          method,
          path,
          headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: Buffer.from(JSON.stringify(body)) }),
        });
        let answer: unknown = null;
        try {
          answer = response.body.length ? JSON.parse(response.body.toString('utf8')) : null;
        } catch {
          // Not JSON: the status is the outcome.
        }
        return { delivered: true, status: response.status, body: answer };
      } catch {
        return { delivered: false, reason: 'offline' };
      }
    },
  };
}
