/**
 * The app store part of npm run bench (alone: `npx tsx scripts/bench-appstore.ts`): the apps service on SQLite in
 * this process, holding 5,000 published apps and 50,000 builds seeded in one transaction; the time its store index
 * takes to load them at start; browse with filters and search over HTTP, one request at a time (goal p99 < 50 ms);
 * and a 20 MB package uploaded to its signed URL and validated (goal < 2 s).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { loadDelegationKeys, signDelegationToken } from '../server/cloud/account/delegation.js';
import { createAppsService, type AppsService } from '../server/cloud/apps/service.js';
import { appJson, makePackage } from '../server/cloud/apps/testing/packages.js';

const APPS = 5_000;
const BUILDS_PER_APP = 10;
const REQUESTS = 300;
const warmUp = 20;

const CATEGORIES = ['lights', 'climate', 'security', 'appliances', 'energy', 'music', 'tools', 'internet'];
const CONNECTIVITY = ['zigbee', 'zwave', 'matter', 'ble', 'lan', 'cloud', 'infrared', 'rf433'];
const WORDS = ['smart', 'light', 'plug', 'sensor', 'thermostat', 'door', 'lock', 'speaker', 'energy', 'meter', 'camera', 'garden', 'blind', 'fan', 'heater'];

export interface Latency {
  name: string;
  p50: number;
  p99: number;
  max: number;
  failures: number;
}

export interface AppStoreResult {
  apps: number;
  builds: number;
  seedMs: number;
  indexLoadMs: number;
  /** The same, reading one app at a time. */
  oneByOneMs: number;
  latencies: Latency[];
  upload: { bytes: number; uploadMs: number; validateMs: number };
}

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** 5,000 apps of 10 builds each: the last two on stable, one on beta, one on alpha, the rest drafts. */
async function seed(apps: AppsService): Promise<void> {
  const now = '2026-11-01T10:00:00.000Z';
  await apps.db.transaction().execute(async (trx) => {
    for (let first = 0; first < APPS; first += 500) {
      const ids = Array.from({ length: Math.min(500, APPS - first) }, (_, k) => first + k);
      await trx
        .insertInto('apps')
        .values(ids.map((i) => ({ id: `com.bench.app${i}`, author_id: (i % 700).toString(16).padStart(24, '0'), author_name: `Developer ${i % 700}`, author_verified: i % 3 === 0 ? 1 : 0, org_id: null, category: JSON.stringify([pick(CATEGORIES, i)]), send_email_crash: 1, send_email_suggestion: 1, send_email_thanks: 1, created_at: now })))
        .execute();
      const builds = ids.flatMap((i) =>
        Array.from({ length: BUILDS_PER_APP }, (_, b) => {
          const version = `1.${b}.0`;
          const manifest = appJson(`com.bench.app${i}`, version, {
            name: { en: `${pick(WORDS, i)} ${pick(WORDS, i * 7 + 3)} ${i}`, nl: `${pick(WORDS, i)} ${i}` },
            description: { en: `A ${pick(WORDS, i * 3)} ${pick(WORDS, i * 5 + 1)} app for tests of the store front.` },
            category: [pick(CATEGORIES, i)],
            platforms: i % 4 === 0 ? ['cloud'] : i % 4 === 1 ? ['local', 'cloud'] : ['local'],
            compatibility: b % 2 ? '>=12.0.0' : '>=11.0.0',
            drivers: [{ id: 'device', name: { en: 'Device' }, class: 'socket', capabilities: ['onoff'], connectivity: [pick(CONNECTIVITY, i), pick(CONNECTIVITY, i + b)], zigbee: { manufacturerName: [`_TZ${i}`], productId: ['TS011F'] } }],
          });
          const channel = b >= BUILDS_PER_APP - 2 ? 'stable' : b === BUILDS_PER_APP - 3 ? 'beta' : b === BUILDS_PER_APP - 4 ? 'alpha' : null;
          return { app_id: `com.bench.app${i}`, id: b + 1, version, state: channel ? 'approved' : 'draft', channel, env: '{}', changelog: JSON.stringify({ en: `Version ${version}` }), readme: '{}', manifest: JSON.stringify(manifest), icon: null, auto_release: 0, submission_state: null, submitted_at: null, reviewed_at: null, reviewer_id: null, agent_review: null, published_at: channel ? now : null, created_at: now, updated_at: now };
        }),
      );
      for (let k = 0; k < builds.length; k += 500) await trx.insertInto('app_builds').values(builds.slice(k, k + 500)).execute();
    }
  });
}

/** `requests` GETs one after another (each URL of `urls` in turn), after a warm-up; latency from send to the whole body. */
async function latency(name: string, urls: string[], requests = REQUESTS): Promise<Latency> {
  const times: number[] = [];
  let failures = 0;
  for (let n = 0; n < warmUp + requests; n++) {
    const started = performance.now();
    const response = await fetch(urls[n % urls.length]!);
    await response.arrayBuffer();
    if (response.status !== 200) failures++;
    if (n >= warmUp) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => round(times[Math.min(times.length - 1, Math.floor(q * times.length))]!);
  return { name, p50: at(0.5), p99: at(0.99), max: round(times.at(-1)!), failures };
}

export async function measureAppStore(): Promise<AppStoreResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-appstore-'));
  const keys = await loadDelegationKeys(dataDir);
  const config = { dataDir, accountKey: keys.publicPem, secret: randomBytes(16).toString('hex'), maxArchiveBytes: 64 * 1024 * 1024 };
  let apps = await createAppsService(config);
  try {
    let started = performance.now();
    await seed(apps);
    const seedMs = performance.now() - started;
    await apps.close();
    // A start on this data loads the index; it is timed alone once more.
    apps = await createAppsService(config);
    started = performance.now();
    await apps.state.index.load();
    const indexLoadMs = performance.now() - started;
    // What it cost before it loaded in bulk: three queries per app.
    started = performance.now();
    for (const entry of [...apps.state.index.all()]) await apps.state.index.refresh(entry.id);
    const oneByOneMs = performance.now() - started;
    const base = `${await apps.listen(0)}/api/v1`;
    if (apps.state.index.size < APPS) throw new Error(`The store index holds ${apps.state.index.size} apps, not ${APPS}`);

    const browse = (query: Record<string, string | string[]>) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) for (const item of [value].flat()) params.append(key, item);
      return `${base}/app/browse?${params}`;
    };
    const latencies = [
      await latency('browse, no filter, page 1', [browse({ limit: '20' })]),
      await latency('browse: query, language, platform, connectivity, category, features', WORDS.map((word, i) => browse({ query: word, language: 'nl', 'platform[]': 'local', 'connectivity[]': [pick(CONNECTIVITY, i), 'zigbee'], 'category[]': pick(CATEGORIES, i), 'features[]': 'devices', limit: '20', offset: String((i % 3) * 20) }))),
      await latency('search: query, homeyVersion, homeyPlatform', WORDS.map((word, i) => `${base}/app/search?${new URLSearchParams({ query: `${word} ${pick(WORDS, i + 4)}`, language: 'en', homeyVersion: '11.5.0', homeyPlatform: i % 2 ? 'local' : 'cloud' })}`)),
    ];

    // A 20 MB package: app.json, app.js and 20 MB of incompressible bytes, in two files (one file may hold 16 MB:
    // APP_PACKAGE_LIMITS).
    const token = await signDelegationToken(keys, { userId: 'b'.repeat(24), audience: 'apps', scopes: ['homey'], clientName: 'Bench', profile: { email: 'bench@example.com', given_name: 'Bench', family_name: 'Dev', roles: [] }, nowMs: Date.now() });
    const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const bytes = await makePackage(appJson('com.bench.big', '1.0.0'), { 'assets/blob-1.bin': randomBytes(10 * 1024 * 1024), 'assets/blob-2.bin': randomBytes(10 * 1024 * 1024) });
    const created = await fetch(`${base}/app/com.bench.big/build`, { method: 'POST', headers: auth, body: JSON.stringify({ version: '1.0.0' }) });
    const { upload } = (await created.json()) as { upload: { url: string; archiveId: string } };
    started = performance.now();
    const put = await fetch(upload.url, { method: 'PUT', headers: { 'Content-Type': 'application/gzip' }, body: new Uint8Array(bytes) });
    await put.arrayBuffer();
    const uploadMs = performance.now() - started;
    started = performance.now();
    const checked = await fetch(`${base}/archive/${upload.archiveId}`, { method: 'PUT', headers: auth, body: JSON.stringify({ state: 'uploaded', hash: createHash('sha256').update(bytes).digest('hex'), size: bytes.length }) });
    await checked.arrayBuffer();
    const validateMs = performance.now() - started;
    if (put.status !== 200 || checked.status !== 200) throw new Error(`The 20 MB package was answered ${put.status} (upload) and ${checked.status} (validation)`);
    return { apps: APPS, builds: APPS * BUILDS_PER_APP, seedMs: round(seedMs), indexLoadMs: round(indexLoadMs), oneByOneMs: round(oneByOneMs), latencies, upload: { bytes: bytes.length, uploadMs: round(uploadMs), validateMs: round(validateMs) } };
  } finally {
    await apps.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printAppStore(result: AppStoreResult): void {
  console.log(`\nApp store over ${result.apps.toLocaleString('en')} apps and ${result.builds.toLocaleString('en')} builds (SQLite; seeded in ${result.seedMs} ms; store index loaded in ${result.indexLoadMs} ms, ${result.oneByOneMs} ms one app at a time):`);
  for (const row of result.latencies) console.log(`  ${row.name} (goal p99 < 50 ms): p50 ${row.p50} ms, p99 ${row.p99} ms, max ${row.max} ms${row.failures ? `, ${row.failures} failed` : ''}`);
  const mb = (result.upload.bytes / 1024 / 1024).toFixed(1);
  console.log(`  a ${mb} MB package uploaded in ${result.upload.uploadMs} ms and validated in ${result.upload.validateMs} ms (goal < 2 s together: ${round(result.upload.uploadMs + result.upload.validateMs)} ms)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printAppStore(await measureAppStore());
