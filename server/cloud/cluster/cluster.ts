import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { log } from '../../http/log.js';
import type { LimiterStore } from '../../http/throttle.js';
import { defaultInstanceId, INSTANCE_ID } from './instance-id.js';

/**
 * What the instances of a cloud share through Redis when it runs as several (REDIS_URL): rate-limit and sign-in
 * counters, pub/sub between instances (the connect service's forwarding, socket.io's adapter) and the map of which
 * instance holds which hub's tunnel. Without it every service keeps these in memory, as one instance may.
 */
export interface Cluster {
  /** This instance's name among the others (CLOUD_INSTANCE_ID): unique, stable for its life. */
  readonly instanceId: string;
  /** The connection for commands and publishing. */
  readonly redis: Redis;
  /** A new connection of its own, for a subscriber (a connection that subscribes can send nothing else); closed with the cluster. */
  subscriber(): Redis;
  /** Rate limits and sign-in throttles counted in Redis, so that every instance sees the same counts. */
  readonly limiterStore: LimiterStore;
  close(): Promise<void>;
}

/**
 * How long a command may wait for Redis's answer (they take well under a millisecond): a call that needs Redis
 * answers within 2 s while Redis cannot (docs/several-instances.md).
 */
export const COMMAND_TIMEOUT_MS = 1000;

/**
 * Connects to Redis (failing at once when it cannot be reached, rather than at the first call) and keeps retrying a
 * lost connection afterwards.
 */
export async function connectCluster(redisUrl: string, instanceId = defaultInstanceId()): Promise<Cluster> {
  if (!INSTANCE_ID.test(instanceId)) throw new Error(`The instance id must be 1-64 letters, digits, dots, dashes or underscores, not "${instanceId}"`);
  const options = { lazyConnect: true, maxRetriesPerRequest: 3, connectionName: `cloud:${instanceId}` };
  // Commands fail at once while the connection is down (no queue waiting for it), and within COMMAND_TIMEOUT_MS while
  // Redis holds them (paused, stalled): limits fall back to memory and a call for a hub held elsewhere answers
  // offline, rather than every call waiting on reconnection attempts or for Redis to wake up.
  const redis = new Redis(redisUrl, { ...options, enableOfflineQueue: false, commandTimeout: COMMAND_TIMEOUT_MS });
  const others: Redis[] = [];
  const report = (error: Error) => log.warn({ err: error, instanceId }, 'Redis connection error');
  redis.on('error', report);
  await redis.connect();
  return {
    instanceId,
    redis,
    subscriber() {
      // A subscriber's subscriptions wait for its connection, and are made again after a reconnection.
      // It waits for messages, not answers: no time-out.
      const connection = redis.duplicate({ ...options, lazyConnect: false, enableOfflineQueue: true, commandTimeout: undefined });
      connection.on('error', report);
      others.push(connection);
      return connection;
    },
    // While Redis cannot be reached, each instance counts in memory (the insurance limiter) rather than failing calls.
    limiterStore: (limiter) => new RateLimiterRedis({ storeClient: redis, insuranceLimiter: new RateLimiterMemory(limiter), ...limiter }),
    async close() {
      // What is under way (a closing socket.io adapter's unsubscriptions) is answered before a connection ends; a
      // stalled Redis is given COMMAND_TIMEOUT_MS.
      const ending = async (connection: Redis) => {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([connection.quit().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, COMMAND_TIMEOUT_MS)))]);
        clearTimeout(timer);
        connection.disconnect();
      };
      await Promise.all([...others, redis].map(ending));
    },
  };
}
