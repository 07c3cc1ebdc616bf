import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createAdapter } from '@socket.io/redis-adapter';
import { WebSocketServer } from 'ws';
import spec from '../../../generated/cloud/connect.openapi.json' with { type: 'json' };
import { createServiceHttp, serve, withState, type ServiceHttp } from '../../http/service.js';
import { log } from '../../http/log.js';
import type { Cluster } from '../cluster/cluster.js';
import { hubOfSecret } from '../callers/hub-secret.js';
import { connectApi, memberVerifier, operatorSession, type ConnectSession, type ConnectState } from './api.js';
import { ClusterHubConnections } from './cluster-connections.js';
import { LocalHubConnections } from './connections.js';
import { forwardToHub, isHubPath } from './forward.js';
import { attachRealtimeRelay } from './realtime-relay.js';
import { MAX_TUNNEL_FRAME, TUNNEL_PATH } from '../../common/tunnel-protocol.js';

export interface ConnectServiceConfig {
  /** The account service's public key (PEM) that verifies users' delegation tokens (audience `connect`) offline. */
  accountKey: string;
  /** Whether the account service records an account as the owner or a user of a hub (`isHubUser` over its database). */
  isHubUser(userId: string, hubId: string): Promise<boolean>;
  /** The deployment's key of hubs' credentials (hub-secret.ts): hubs open their tunnel with theirs. */
  hubSecretKey: string;
  /**
   * The cloud's shared secret: the operator's bearer token for the cloud's own calls (sendWebhook), and what the
   * service hands hubs with sharing invites (hubs configured with it require it). Unset: operator calls answer 401.
   */
  sharedSecret?: string;
  /** How often tunnels are pinged (TUNNEL_HEARTBEAT_MS); tests shorten it. */
  heartbeatMs?: number;
  /** How long a forwarded call waits for the hub's answer before it answers 504 (30 s); tests shorten it. */
  callTimeoutMs?: number;
  /**
   * With several instances (REDIS_URL): the map of which instance holds which hub's tunnel, and calls for hubs held
   * elsewhere forwarded there (ClusterHubConnections); without, this instance's own map.
   */
  cluster?: Cluster;
  /** How often a clustered instance renews its hubs' entries and checks the instances it waits on; tests shorten it. */
  renewMs?: number;
  hostNames?: string[];
  validateResponses?: boolean;
  development?: boolean;
}

export interface ConnectService extends ServiceHttp {
  connections: LocalHubConnections | ClusterHubConnections;
}

const bearer = (req: IncomingMessage) => /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The remote connect service: hubs' tunnels (WebSocket at /tunnel), clients' calls of a hub's API (/api/...) and
 * realtime socket (/socket.io/) forwarded through them, and its own operations (ping). It runs on an origin of its
 * own: a hub record's `remoteUrl` is that origin, and clients call the hub's paths on it.
 */
export function createConnectService(config: ConnectServiceConfig): ConnectService {
  const cluster = config.cluster;
  const connections = cluster ? new ClusterHubConnections(cluster, config) : new LocalHubConnections(config.heartbeatMs, config.callTimeoutMs);
  const members = memberVerifier(config.accountKey);
  const own = createServiceHttp({
    ...config,
    contract: spec,
    api: connectApi,
    context: withState<ConnectState, ConnectSession>({ connections, sharedSecret: config.sharedSecret, isHubUser: config.isHubUser }),
    verify: (token) => operatorSession(config.sharedSecret, token) ?? members(token),
  });
  const forward = forwardToHub(connections);
  const http = serve((req, res) => (isHubPath(req.url) ? void forward(req, res) : own.handler(req, res)));

  const tunnels = new WebSocketServer({ noServer: true, maxPayload: MAX_TUNNEL_FRAME });
  http.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== TUNNEL_PATH) return; // the realtime relay's (socket.io)
    const secret = bearer(req);
    const hubId = secret ? hubOfSecret(config.hubSecretKey, secret) : null;
    if (!hubId) return refuse(socket, 401, 'Unauthorized');
    tunnels.handleUpgrade(req, socket, head, (ws) => {
      log.info({ hubId }, 'hub connected');
      ws.on('close', () => log.info({ hubId }, 'hub disconnected'));
      connections.attach(hubId, ws, socket);
    });
  });
  const relay = attachRealtimeRelay(http.server, connections);
  // Rooms and broadcasts of the relay's socket.io server span the instances.
  if (cluster) relay.adapter(createAdapter(cluster.redis, cluster.subscriber()));

  return {
    ...http,
    connections,
    async listen(port, host) {
      if (connections instanceof ClusterHubConnections) await connections.ready;
      return http.listen(port, host);
    },
    async close() {
      await connections.close(true);
      tunnels.close();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      await http.close();
    },
  };
}
