import { randomUUID } from 'node:crypto';
import * as manifest from '../../../generated/hub/zones.operations.js';
import type { components, operations } from '../../../generated/hub/zones.js';
import { defineApi } from '../../http/api.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { HubContextOf } from '../core/context.js';
import type { HubItems, HubStore } from '../core/items.js';

export type Zone = components['schemas']['Zone'];

export const rootZone = (store: HubStore) => store.values('zone').find((zone) => zone.parent === null);

function requireParent(store: HubStore, parent: string): void {
  if (!store.get('zone', parent)) throw badRequest(`Parent zone not found: ${parent}`);
}

/** True when `zoneId` is `ancestorId` or lies below it. */
function isWithin(store: HubStore, zoneId: string, ancestorId: string): boolean {
  for (let at: Zone | undefined = store.get('zone', zoneId); at; at = at.parent ? store.get('zone', at.parent) : undefined) {
    if (at.id === ancestorId) return true;
  }
  return false;
}

/**
 * A zone is active while any origin (a device uri, such as a motion sensor's) reports activity; saved through the
 * store so that `zone.update` reaches subscribers. `at`: the hub's time of the change (ISO).
 */
export function setZoneActivity(store: HubStore, zoneId: string, origin: string, active: boolean, at: string): void {
  const zone = store.get('zone', zoneId);
  if (!zone || zone.activeOrigins.includes(origin) === active) return;
  const activeOrigins = active ? [...zone.activeOrigins, origin] : zone.activeOrigins.filter((other) => other !== origin);
  store.save('zone', { ...zone, activeOrigins, active: activeOrigins.length > 0, activeLastUpdated: at });
}

export const zones = defineApi<operations, typeof manifest.operations, HubContextOf<never>, HubItems>(
  manifest,
  {
    getState: (_args, { hub }) => ({ zoneCount: hub.store.count('zone'), rootZoneId: rootZone(hub.store)?.id ?? '' }),
  },
  {
    rules: {
      zone: {
        create(input, { hub }) {
          const { name, icon, parent, order } = input;
          requireParent(hub.store, parent);
          const siblings = hub.store.values('zone').filter((zone) => zone.parent === parent).length;
          const zone: Zone = { id: randomUUID(), name, icon, parent, order: order ?? siblings, active: false, activeOrigins: [], activeLastUpdated: null };
          return zone;
        },
        update(zone, patch, { hub }) {
          const { id: _ignored, ...changes } = patch;
          if (changes.parent !== undefined && changes.parent !== zone.parent) {
            if (zone.parent === null) throw conflict('The root zone cannot be moved');
            requireParent(hub.store, changes.parent);
            if (isWithin(hub.store, changes.parent, zone.id)) throw conflict('A zone cannot be moved below itself');
          }
          return { ...zone, ...changes };
        },
        remove(zone, { hub }) {
          if (zone.parent === null) throw conflict('The root zone cannot be deleted');
          if (hub.store.values('zone').some((other) => other.parent === zone.id)) throw conflict('The zone still has sub-zones');
          if (hub.store.values('device').some((device) => device.zone === zone.id)) {
            throw conflict('The zone still has devices');
          }
          if (hub.store.values('mood').some((mood) => mood.zone === zone.id)) throw conflict('The zone still has moods');
        },
      },
    },
  },
);
