import { randomUUID } from 'node:crypto';
import { newAlarm } from '../alarms/api.js';
import type { Hub, HubCore } from '../core/context.js';
import { seedDemoDevices } from '../devices/demo.js';
import { seedDemoRadios } from './radios.js';
import { seedDemoFlows } from '../flow/demo.js';
import { seedDemoImages } from '../images/demo.js';
import { seedDemoInsights } from '../insights/demo.js';
import type { Variable } from '../logic/api.js';
import { seedDemoNotifications } from '../notifications/demo.js';
import { seedDemoMoods } from '../moods/demo.js';
import { seedDemoDashboard } from '../dashboards/demo.js';
import { seedDemoApps } from '../apps/demo.js';
import { seedDemoGeolocation } from '../geolocation/demo.js';
import { seedDemoSatellites } from '../satellites/demo.js';
import { seedDemoVoices } from '../speech-output/demo.js';
import { newUser, ownerOf } from '../users/users.js';
import type { Zone } from '../zones/api.js';
import type { HubService, Nothing } from '../core/service.js';

const zoneTree: Array<[name: string, icon: string, parent: string | null]> = [
  ['Home', 'home', null],
  ['Ground floor', 'floorGround', 'Home'],
  ['Living room', 'livingRoom', 'Ground floor'],
  ['Kitchen', 'kitchen', 'Ground floor'],
  ['Hallway', 'hallway', 'Ground floor'],
  ['First floor', 'floorFirst', 'Home'],
  ['Bedroom', 'bedroomDouble', 'First floor'],
  ['Bathroom', 'bathroom', 'First floor'],
  ['Garden', 'garden', 'Home'],
];

const demoVariables: Array<Omit<Variable, 'id'>> = [
  { name: 'Away mode', type: 'boolean', value: false },
  { name: 'Guests', type: 'number', value: 0 },
];

export const DEMO_OWNER_ATHOM_ID = 'demo-owner';

function seedZones(hub: HubCore): Map<string, string> {
  const ids = new Map<string, string>();
  zoneTree.forEach(([name, icon, parent], index) => {
    const zone: Zone = {
      id: randomUUID(),
      name,
      icon,
      parent: parent ? ids.get(parent)! : null,
      order: index,
      active: false,
      activeOrigins: [],
      activeLastUpdated: null,
    };
    ids.set(name, zone.id);
    hub.store.insert('zone', zone);
  });
  return ids;
}

/**
 * Seeds the demo home on the first start of a hub configured with `demoHome`: after the flow manager (flows are
 * presented as it inserts them) and the parts whose items it makes (radio nodes, insights logs, dashboard widgets).
 */
export const demoHome: HubService<DemoHomeHub & Pick<Hub, 'flowViews'>, Nothing> = {
  name: 'demo home',
  start: (hub) => {
    if (hub.config.demoHome) seedDemoHome(hub);
    return { gives: {} };
  },
};

/** What seeding the demo home reads of the hub (a factory reset seeds it again). */
export type DemoHomeHub = HubCore & Pick<Hub, 'cards' | 'insights' | 'notificationPushes' | 'radioChanges' | 'radios' | 'rf' | 'satellites' | 'widgets'>;

/**
 * The demo home, seeded once on first start: an owner, a personal access token with every scope (kept so that
 * `npm start` can print it again), zones, virtual devices, logic variables and a wake-up alarm.
 */
export function seedDemoHome(hub: DemoHomeHub): void {
  if (hub.settings.get('demoSeeded')) return;
  hub.store.transaction(() => {
    const owner = newUser({ name: 'Demo Owner', athomId: DEMO_OWNER_ATHOM_ID, verified: true, role: 'manager', isOwner: true, present: true });
    hub.store.insert('user', owner);
    issueDemoToken(hub, owner.id);
    seedDemoDevices(hub, seedZones(hub));
    seedDemoRadios(hub);
    seedDemoImages(hub);
    seedDemoSatellites(hub);
    seedDemoNotifications(hub);
    seedDemoInsights(hub);
    for (const variable of demoVariables) hub.store.insert('variable', { id: randomUUID(), ...variable });
    seedDemoMoods(hub);
    seedDemoDashboard(hub);
    seedDemoApps(hub);
    seedDemoGeolocation(hub);
    seedDemoVoices(hub);
    const weekdays = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false };
    hub.store.insert('alarm', newAlarm({ name: 'Wake up', time: '07:00', enabled: true, repetition: weekdays }, hub.now()));
    seedDemoFlows(hub);
    hub.settings.set('demoSeeded', true);
  });
}

/** The demo token as stored, whether or not it still works (see ensureDemoToken). */
export const demoToken = (hub: Hub) => hub.settings.get<string>('demoToken');

function issueDemoToken(hub: HubCore, ownerId: string): string {
  const { token } = hub.sessions.create({ type: 'PAT', userId: ownerId, scopes: ['homey'], clientName: 'Demo', name: 'Demo token' });
  hub.settings.set('demoToken', token);
  return token;
}

export interface EnsuredDemoToken {
  token: string;
  /** Why the stored token was replaced: it had been revoked, or its user is no longer the owner. */
  replaced?: 'revoked' | 'ownerChanged';
}

/**
 * The demo token for `npm start` to print: the stored one while it is a live token of the current owner, else a
 * new one for the owner, stored in its place. A former owner's token is theirs to keep, so it is not revoked.
 */
export function ensureDemoToken(hub: Hub): EnsuredDemoToken {
  const owner = ownerOf(hub);
  if (!owner) throw new Error('The hub has no owner');
  const stored = demoToken(hub);
  const session = stored === undefined ? null : hub.sessions.sessionOf(stored);
  if (stored !== undefined && session?.userId === owner.id) return { token: stored };
  return { token: issueDemoToken(hub, owner.id), replaced: session ? 'ownerChanged' : 'revoked' };
}
