import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATALOGUE_DIR } from '../../common/app-package/store-catalogue.js';
import { archivePath } from './builds.js';
import type { AppsState } from './context.js';
import { PARTNER_AUTHOR_IDS } from '../../common/partners.js';
import { initialsIcon } from './store-info.js';

type Json = Record<string, unknown>;
type Channel = 'stable' | 'beta' | 'alpha';

/** A build of the catalogue: its number, version, channel, release time, and what its app.json says beyond the hub's package. */
interface CatalogueBuild {
  id: number;
  version: string;
  channel: Channel;
  publishedAt: string;
}

export interface CatalogueApp {
  id: string;
  author: { userId: string; name: string; verified: boolean };
  initials: string;
  /** The store's fields of every build's app.json (name per language, support channels, category, drivers ...). */
  manifest: Json;
  builds: CatalogueBuild[];
}

const none = { support: null, bugs: null, homeyCommunityTopicId: null };
const store = (fields: Json): Json => ({ sdk: 3, platforms: ['local'], compatibility: '>=12.0.0', ...none, ...fields });

/**
 * The apps the platform ships with, published in the store with their builds. The first three are the demo hub's
 * (server/common/app-catalogue: same ids, versions and channels), whose packages the store holds so that hubs
 * install them from it; together they show each kind of developer (verified, community, a provider partner),
 * each support channel (website, e-mail, issue tracker, community topic, none) and each kind of driver search.
 */
export const CATALOGUE: CatalogueApp[] = [
  {
    id: 'com.example.suntimes',
    author: { userId: '5c1d2e3f4a5b6c7d8e9f0a1b', name: 'Example Labs', verified: true },
    initials: 'ST',
    manifest: store({ name: { en: 'Sun times', nl: 'Zontijden', de: 'Sonnenzeiten' }, description: { en: 'Flow cards for sunrise and sunset.', nl: 'Flowkaarten voor zonsopkomst en zonsondergang.' }, brandColor: '#f39c12', category: ['tools'], support: 'https://examplelabs.example/support' }),
    builds: [
      { id: 14, version: '1.2.0', channel: 'stable', publishedAt: '2026-10-02T10:00:00.000Z' },
      { id: 15, version: '1.3.0', channel: 'beta', publishedAt: '2026-11-05T10:00:00.000Z' },
      { id: 16, version: '1.4.0', channel: 'alpha', publishedAt: '2026-11-12T10:00:00.000Z' },
    ],
  },
  {
    id: 'com.example.thermostat',
    author: { userId: PARTNER_AUTHOR_IDS[0], name: 'Warmth Inc.', verified: true },
    initials: 'VT',
    manifest: store({ name: { en: 'Virtual thermostat', nl: 'Virtuele thermostaat' }, description: { en: 'A thermostat for any heater.' }, brandColor: '#d0021b', category: ['climate'], support: 'https://warmth.example/support' }),
    builds: [
      { id: 31, version: '2.0.1', channel: 'stable', publishedAt: '2026-08-12T09:00:00.000Z' },
      { id: 33, version: '2.1.0', channel: 'beta', publishedAt: '2026-11-10T09:00:00.000Z' },
    ],
  },
  {
    id: 'com.example.crashtest',
    author: { userId: '6a7b8c9d0e1f2a3b4c5d6e7f', name: 'QA Team', verified: false },
    initials: 'CT',
    manifest: store({ name: 'Crash test', description: 'An app that crashes, to test crash reports.', brandColor: '#7f8c8d', category: ['tools'], support: 'mailto:qa@example.com' }),
    builds: [{ id: 3, version: '0.3.0', channel: 'stable', publishedAt: '2026-09-20T08:30:00.000Z' }],
  },
  {
    id: 'com.example.doorbell',
    author: { userId: '7b8c9d0e1f2a3b4c5d6e7f80', name: 'Ringo Makers', verified: false },
    initials: 'DB',
    manifest: store({
      name: 'Doorbell',
      description: 'Zigbee doorbells and 433 MHz chimes.',
      brandColor: '#2980b9',
      category: ['security'],
      bugs: { url: 'https://github.com/ringo-makers/doorbell/issues' },
      drivers: [
        { id: 'zigbee-bell', name: 'Zigbee doorbell', class: 'doorbell', capabilities: ['alarm_generic'], connectivity: ['zigbee'], zigbee: { manufacturerName: ['_TZ3000_bell'], productId: ['TS0211'] } },
        { id: 'chime', name: 'Chime', class: 'doorbell', capabilities: ['alarm_generic'], connectivity: ['rf433'], rf433: { signal: [350, 1050, 350, 1050, 1050, 350] } },
      ],
    }),
    builds: [{ id: 8, version: '1.0.4', channel: 'stable', publishedAt: '2026-07-01T12:00:00.000Z' }],
  },
  {
    id: 'com.example.weatherstation',
    author: { userId: '8c9d0e1f2a3b4c5d6e7f8091', name: 'Meteo Works', verified: true },
    initials: 'WS',
    manifest: store({
      name: { en: 'Weather station', nl: 'Weerstation' },
      description: { en: 'Weather stations on your network.' },
      brandColor: '#16a085',
      category: ['climate'],
      homeyCommunityTopicId: 48213,
      discovery: { station: { type: 'mdns-sd', 'mdns-sd': { name: 'weatherstation', protocol: 'tcp' } } },
      drivers: [{ id: 'station', name: 'Weather station', class: 'sensor', capabilities: ['measure_temperature'], connectivity: ['lan'], matter: { vendorId: 4447, productId: [32768] } }],
    }),
    builds: [{ id: 21, version: '3.2.0', channel: 'stable', publishedAt: '2026-10-28T07:15:00.000Z' }],
  },
  {
    id: 'com.example.nightlight',
    author: { userId: '9d0e1f2a3b4c5d6e7f8091a2', name: 'Sam Jansen', verified: false },
    initials: 'NL',
    manifest: store({ name: 'Night light', description: 'Z-Wave night lights.', brandColor: '#8e44ad', category: ['lights'], platforms: ['local', 'cloud'], drivers: [{ id: 'light', name: 'Night light', class: 'light', capabilities: ['onoff'], connectivity: ['zwave'], zwave: { manufacturerId: 271, productTypeId: [1538], productId: [4096] } }] }),
    builds: [{ id: 2, version: '0.1.1', channel: 'stable', publishedAt: '2026-05-18T20:00:00.000Z' }],
  },
  {
    id: 'com.example.energymeter',
    author: { userId: PARTNER_AUTHOR_IDS[1], name: 'Grid Partners', verified: true },
    initials: 'EM',
    manifest: store({ name: { en: 'Energy meter', nl: 'Energiemeter' }, description: { en: 'Reads your smart meter.' }, brandColor: '#27ae60', category: ['energy'], support: 'mailto:apps@gridpartners.example' }),
    builds: [{ id: 1, version: '0.9.0', channel: 'beta', publishedAt: '2026-11-15T10:00:00.000Z' }],
  },
];

/** The hub's shipped package of a version, if it ships one. */
const shippedDir = (appId: string, version: string) => {
  const dir = path.join(CATALOGUE_DIR, appId, version);
  return existsSync(path.join(dir, 'app.json')) ? dir : undefined;
};

/** An archive id that is the same on every start (24 hexadecimal characters, as the store's ids). */
const archiveIdOf = (appId: string, version: string) => createHash('sha256').update(`catalogue ${appId}@${version}`).digest('hex').slice(0, 24);

/** Packs the hub's shipped version with its app.json given the store's fields: the package hubs install from the store. */
async function pack(state: AppsState, dir: string, manifest: Json, archiveId: string): Promise<{ hash: string; size: number }> {
  const file = archivePath(state, archiveId);
  if (!existsSync(file)) {
    const { c: create } = await import('tar');
    const work = mkdtempSync(path.join(tmpdir(), 'apps-catalogue-'));
    try {
      cpSync(dir, work, { recursive: true });
      writeFileSync(path.join(work, 'app.json'), JSON.stringify(manifest, null, 2));
      await create({ gzip: true, cwd: work, file, portable: true, mtime: new Date('2026-01-01T00:00:00.000Z') }, readdirSync(work));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  return { hash: createHash('sha256').update(readFileSync(file)).digest('hex'), size: statSync(file).size };
}

/** Publishes the catalogue: missing apps and builds added (with their packages), shipped ones left as they are. */
export async function publishCatalogue(state: AppsState): Promise<void> {
  const { db } = state;
  for (const app of CATALOGUE) {
    const author = { author_id: app.author.userId, author_name: app.author.name, author_verified: app.author.verified ? 1 : 0 };
    const category = JSON.stringify(app.manifest.category ?? []);
    await db
      .insertInto('apps')
      .values({ id: app.id, ...author, org_id: null, category, send_email_crash: 1, send_email_suggestion: 1, send_email_thanks: 1, created_at: app.builds[0]!.publishedAt })
      .onConflict((c) => c.column('id').doNothing())
      .execute();
    for (const build of app.builds) {
      const exists = await db.selectFrom('app_builds').select('id').where('app_id', '=', app.id).where('id', '=', build.id).executeTakeFirst();
      if (exists) continue;
      const dir = shippedDir(app.id, build.version);
      const shipped = dir ? (JSON.parse(readFileSync(path.join(dir, 'app.json'), 'utf8')) as Json) : { id: app.id, version: build.version, author: { name: app.author.name, email: 'apps@example.com' } };
      const manifest = { ...shipped, ...app.manifest };
      const stored = JSON.stringify(manifest);
      const at = build.publishedAt;
      const icon = initialsIcon(String(manifest.brandColor), app.initials);
      await db
        .insertInto('app_builds')
        .values({ app_id: app.id, id: build.id, version: build.version, state: build.channel === 'alpha' ? 'draft' : 'approved', channel: build.channel, env: '{}', changelog: JSON.stringify({ en: `Version ${build.version}.` }), readme: JSON.stringify({ en: '' }), manifest: stored, icon, auto_release: build.channel === 'stable' ? 1 : 0, submission_state: build.channel === 'alpha' ? null : 'approved', submitted_at: build.channel === 'alpha' ? null : at, reviewed_at: build.channel === 'alpha' ? null : at, reviewer_id: null, agent_review: null, published_at: at, created_at: at, updated_at: at })
        .execute();
      if (!dir) continue;
      const id = archiveIdOf(app.id, build.version);
      const { hash, size } = await pack(state, dir, manifest, id);
      await db
        .insertInto('app_archives')
        .values({ id, app_id: app.id, build_id: build.id, state: 'valid', error: null, manifest: stored, assets_id: null, hash, size, created_at: at, updated_at: at })
        .onConflict((c) => c.column('id').doNothing())
        .execute();
    }
  }
}
