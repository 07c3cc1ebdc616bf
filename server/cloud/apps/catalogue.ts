import type { AppsDb } from './db.js';
import { publishApp, type App, type AppBuild } from './apps.js';
import { PARTNER_AUTHOR_IDS } from './partners.js';

/** A round icon in the app's brand colour with its initials: an SVG data URL, so that it shows offline too. */
function icon(color: string, initials: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="${color}"/>` +
    `<text x="32" y="40" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

type Channels = Pick<AppBuild, 'support' | 'bugs' | 'homeyCommunityTopicId'>;

const build = (id: number, version: string, name: AppBuild['name'], brandColor: string, initials: string, channels: Channels, updatedAt: string): AppBuild => ({
  id,
  version,
  name,
  brandColor,
  icon: icon(brandColor, initials),
  ...channels,
  updatedAt,
});

const none: Channels = { support: null, bugs: null, homeyCommunityTopicId: null };

/**
 * The apps the platform ships with. The first three are the demo hub's (server/hub/apps/catalogue, same ids,
 * stable and beta versions, colours and developer addresses), so the support form finds every installed app; together they show
 * each kind of developer (verified, community, a provider partner) and each support channel (website, e-mail,
 * issue tracker, community topic, none).
 */
export const CATALOGUE: App[] = [
  {
    id: 'com.example.suntimes',
    author: { userId: '5c1d2e3f4a5b6c7d8e9f0a1b', name: 'Example Labs', verified: true },
    liveBuild: build(14, '1.2.0', { en: 'Sun times', nl: 'Zontijden', de: 'Sonnenzeiten' }, '#f39c12', 'ST', { ...none, support: 'https://examplelabs.example/support' }, '2026-10-02T10:00:00.000Z'),
    testBuild: build(15, '1.3.0', { en: 'Sun times', nl: 'Zontijden', de: 'Sonnenzeiten' }, '#f39c12', 'ST', { ...none, support: 'https://examplelabs.example/support' }, '2026-11-05T10:00:00.000Z'),
  },
  {
    id: 'com.example.thermostat',
    author: { userId: PARTNER_AUTHOR_IDS[0], name: 'Warmth Inc.', verified: true },
    liveBuild: build(31, '2.0.1', { en: 'Virtual thermostat', nl: 'Virtuele thermostaat' }, '#d0021b', 'VT', { ...none, support: 'https://warmth.example/support' }, '2026-08-12T09:00:00.000Z'),
    testBuild: build(33, '2.1.0', { en: 'Virtual thermostat', nl: 'Virtuele thermostaat' }, '#d0021b', 'VT', { ...none, support: 'https://warmth.example/support' }, '2026-11-10T09:00:00.000Z'),
  },
  {
    id: 'com.example.crashtest',
    author: { userId: '6a7b8c9d0e1f2a3b4c5d6e7f', name: 'QA Team', verified: false },
    liveBuild: build(3, '0.3.0', 'Crash test', '#7f8c8d', 'CT', { ...none, support: 'mailto:qa@example.com' }, '2026-09-20T08:30:00.000Z'),
    testBuild: null,
  },
  {
    id: 'com.example.doorbell',
    author: { userId: '7b8c9d0e1f2a3b4c5d6e7f80', name: 'Ringo Makers', verified: false },
    liveBuild: build(8, '1.0.4', 'Doorbell', '#2980b9', 'DB', { ...none, bugs: { url: 'https://github.com/ringo-makers/doorbell/issues' } }, '2026-07-01T12:00:00.000Z'),
    testBuild: null,
  },
  {
    id: 'com.example.weatherstation',
    author: { userId: '8c9d0e1f2a3b4c5d6e7f8091', name: 'Meteo Works', verified: true },
    liveBuild: build(21, '3.2.0', { en: 'Weather station', nl: 'Weerstation' }, '#16a085', 'WS', { ...none, homeyCommunityTopicId: 48213 }, '2026-10-28T07:15:00.000Z'),
    testBuild: null,
  },
  {
    id: 'com.example.nightlight',
    author: { userId: '9d0e1f2a3b4c5d6e7f8091a2', name: 'Sam Jansen', verified: false },
    liveBuild: build(2, '0.1.1', 'Night light', '#8e44ad', 'NL', none, '2026-05-18T20:00:00.000Z'),
    testBuild: null,
  },
  {
    id: 'com.example.energymeter',
    author: { userId: PARTNER_AUTHOR_IDS[1], name: 'Grid Partners', verified: true },
    liveBuild: null,
    testBuild: build(1, '0.9.0', { en: 'Energy meter', nl: 'Energiemeter' }, '#27ae60', 'EM', { ...none, support: 'mailto:apps@gridpartners.example' }, '2026-11-15T10:00:00.000Z'),
  },
];

/** Publishes the catalogue: missing apps added, shipped ones brought to the catalogue's builds. */
export async function publishCatalogue(db: AppsDb): Promise<void> {
  for (const app of CATALOGUE) await publishApp(db, app);
}
