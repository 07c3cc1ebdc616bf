/**
 * A compile-fail fixture, checked by `tsc --noEmit` (npm test) and never run: each `@ts-expect-error` line is a store
 * call or an item rule that disagrees with the hub's item types (HubItems), and tsc fails on any of them that
 * compiles. The lines without one show what the types give back for a call that agrees.
 */
import * as zonesManifest from '../../../generated/hub/zones.operations.js';
import type { operations as zonesOperations } from '../../../generated/hub/zones.js';
import { defineApi } from '../../http/api.js';
import type { HubContext } from './context.js';
import type { Device } from '../devices/device.js';
import type { StoredFlow } from '../flow/flows.js';
import type { HubItems, HubStore } from './items.js';
import type { Zone } from '../zones/api.js';

export function storeCalls(store: HubStore): void {
  const lamp: Device | undefined = store.get('device', 'lamp');
  const zones: Zone[] = store.values('zone');
  const flows: Readonly<Record<string, StoredFlow>> = store.list('flow');
  const home: Zone = store.require('zone', 'home', 'Zone');
  store.save('zone', { ...home, name: 'Home' });
  const byMember = store.indexBy('device', (device) => [device.zone]);
  store.presentAs('log', (log) => ({ ...log, lastValue: null }));
  void [lamp, zones, flows, byMember];

  // @ts-expect-error an item type the hub does not have
  store.get('devise', 'lamp');
  // @ts-expect-error an item type the contract has but the store never keeps (drivers are made on each read)
  store.list('driver');
  // @ts-expect-error the result is the named type's: a zone is not a device
  const wrong: Device | undefined = store.get('zone', 'home');
  // @ts-expect-error an item of another type saved under this one
  store.save('zone', lamp!);
  // @ts-expect-error a field the stored shape does not have
  store.insert('zone', { ...home, colour: 'red' });
  // @ts-expect-error a stored flow has no `broken`: reads compute it
  const broken: boolean = store.get('flow', 'f')!.broken;
  // @ts-expect-error an index over a field the items do not have
  store.indexBy('zone', (zone) => zone.members);
  // @ts-expect-error a removal by a name that is no item type
  store.remove('zones', 'home');
  void [wrong, broken];
}

export const zoneRules = defineApi<zonesOperations, typeof zonesManifest.operations, HubContext, HubItems>(
  zonesManifest,
  { getState: () => ({ zoneCount: 0, rootZoneId: '' }) },
  {
    rules: {
      zone: {
        // @ts-expect-error a rule builds the whole stored item: a zone without its activity fields
        create: (input) => ({ id: 'attic', name: input.name, icon: input.icon, parent: input.parent, order: input.order ?? 0 }),
        // The patch is the update operation's body (ZoneUpdate): its fields are typed, and optional.
        update: (zone, patch) => ({ ...zone, name: patch.name ?? zone.name }),
        // @ts-expect-error a rule's input is the stored item of its type: a zone has no capabilities
        remove: (zone) => void zone.capabilities,
      },
    },
  },
);

export const anotherTypesRules = defineApi<zonesOperations, typeof zonesManifest.operations, HubContext, HubItems>(
  zonesManifest,
  { getState: () => ({ zoneCount: 0, rootZoneId: '' }) },
  // @ts-expect-error a rule for an item type the zones manager's CRUD operations do not serve
  { rules: { device: {} } },
);

export const wrongBodies = defineApi<zonesOperations, typeof zonesManifest.operations, HubContext, HubItems>(
  zonesManifest,
  { getState: () => ({ zoneCount: 0, rootZoneId: '' }) },
  {
    rules: {
      zone: {
        // @ts-expect-error the create body (ZoneCreate) has no colour
        create: (input) => ({ ...input, id: 'attic', colour: input.colour }),
        // @ts-expect-error a patch's name may be missing: not a string for sure
        update: (zone, patch) => ({ ...zone, order: patch.name.length }),
      },
    },
  },
);

export const untypedRules = defineApi<zonesOperations, typeof zonesManifest.operations, HubContext>(
  zonesManifest,
  { getState: () => ({ zoneCount: 0, rootZoneId: '' }) },
  // @ts-expect-error rules need the store's item types (defineApi's Items) to be checked against
  { rules: { zone: { remove: () => undefined } } },
);
