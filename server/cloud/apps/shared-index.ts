import { log } from '../../http/log.js';
import type { Cluster } from '../cluster/cluster.js';
import type { IndexChange, StoreIndex } from './store-index.js';

/** The channel on which the instances of a cloud tell each other what changed in their store index. */
export const INDEX_CHANNEL = 'apps:store-index';

interface Announcement {
  from: string;
  change: IndexChange;
}

/** Publishes this instance's changes of the store index (StoreIndex's `announce`). */
export function announceIndexChanges(cluster: Cluster): (change: IndexChange) => void {
  return (change) => {
    const announcement: Announcement = { from: cluster.instanceId, change };
    cluster.redis.publish(INDEX_CHANNEL, JSON.stringify(announcement)).catch((error) => log.warn({ err: error }, 'announcing a store index change failed'));
  };
}

/**
 * Applies the other instances' changes to this instance's index, so that a release, a review or an install made
 * through one instance shows in every instance's store front. Resolves once it listens.
 */
export async function followIndexChanges(cluster: Cluster, index: StoreIndex): Promise<void> {
  const subscriber = cluster.subscriber();
  subscriber.on('message', (_channel: string, text: string) => {
    let announcement: Announcement;
    try {
      announcement = JSON.parse(text) as Announcement;
    } catch {
      return;
    }
    if (announcement.from === cluster.instanceId) return;
    index.apply(announcement.change).catch((error) => log.warn({ err: error, appId: announcement.change.appId }, 'applying a store index change failed'));
  });
  await subscriber.subscribe(INDEX_CHANNEL);
}
