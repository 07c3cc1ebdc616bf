/**
 * A compile-fail fixture, checked by `tsc --noEmit` (npm test) and never run: each `@ts-expect-error` line is a
 * handler, item rule or guard of a manager that names its parts (`HubContextOf`) reaching a part it did not name,
 * directly or through a helper or guard that takes the whole hub; tsc fails on any of them that compiles.
 */
import * as manifest from '../../../generated/hub/zones.operations.js';
import type { operations } from '../../../generated/hub/zones.js';
import { defineApi, type Guard } from '../../http/api.js';
import type { Hub, HubContext, HubContextOf, HubCore } from './context.js';
import type { HubItems } from './items.js';

const readsInsights = (hub: HubCore & Pick<Hub, 'insights'>) => hub.insights;
const readsWholeHub = (hub: Hub) => hub.apps;
const wholeHubGuard: Guard<HubContext> = () => undefined;

export const namedParts = defineApi<operations, typeof manifest.operations, HubContextOf<'insights'>, HubItems>(
  manifest,
  {
    getState: (_args, { hub }) => {
      readsInsights(hub);
      void hub.store;
      // @ts-expect-error a handler sees the core and the parts its manager names: this one names no apps
      void hub.apps;
      // @ts-expect-error ... nor can it hand its hub to a helper that takes the whole hub
      readsWholeHub(hub);
      return { zoneCount: 0, rootZoneId: '' };
    },
  },
  {
    rules: {
      zone: {
        remove: (_zone, { hub }) => {
          // @ts-expect-error an item rule sees what the handlers see
          void hub.flowEngine;
        },
      },
    },
  },
);

export const coreOnly = defineApi<operations, typeof manifest.operations, HubContextOf<never>>(manifest, {
  getState: {
    // @ts-expect-error a guard that takes the whole hub cannot guard a manager that names less
    guard: wholeHubGuard,
    handle: (_args, { hub }) => {
      // @ts-expect-error a manager that names no parts sees the core only
      readsInsights(hub);
      return { zoneCount: hub.store.count('zone'), rootZoneId: '' };
    },
  },
});
