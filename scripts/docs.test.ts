import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fetchRaw } from '../server/http/testing/fetch-raw.js';
import { startTestHub, type TestHub } from '../server/hub/testing/test-hub.js';
import { exited, spawnBin, waitForOutput } from './child.js';
import { REDOC_BUNDLE } from './docs-page.js';
import { describeWithProgram, findProgram } from './system-programs.js';

/** Script tags that load code from elsewhere: a page made of our own files has none. */
const externalScripts = (html: string) => html.match(/<script[^>]*\ssrc=["']?(https?:)?\/\/[^>]*>/gi) ?? [];
/** A page without the document it shows (whose examples name hosts as data): the markup and what it loads. */
const markup = (html: string) => html.replace(/<script type="application\/json" id="redoc-definition">[^]*?<\/script>/, '');
/** Any address naming a host, `https://host`, `http://host` or `//host`. */
const namedHosts = (text: string) => text.match(/(https?:)?\/\/[\w.-]+/gi) ?? [];
/** The shared assets a page references, relative to the docs folder. */
const assetsOf = (html: string, page: string) =>
  [...html.matchAll(/(?:src|href)="([^"]*assets\/[^"]+)"/g)].map((match) => path.posix.join(path.posix.dirname(page), match[1]!));

/** Renders the named pages into `out` with npm run docs; resolves with its output. */
async function renderDocs(out: string, ...pages: string[]): Promise<string> {
  const child = spawnBin('tsx', ['scripts/docs.ts', ...pages], { DOCS_DIR: out });
  const output = await waitForOutput(child, /^API docs in /, 90_000);
  expect(await exited(child)).toBe(0);
  return output;
}

/**
 * The hub bundle and one manager rendered once into a fresh folder (the run that also compresses Redoc's bundle, the
 * costly part), and a copy of that folder as it was (times kept, so its compressed copies stay current) for the hub to
 * serve, while the first folder goes on to the runs that add to it.
 */
const out = mkdtempSync(path.join(tmpdir(), 'docs-test-'));
const served = mkdtempSync(path.join(tmpdir(), 'docs-served-'));
let firstOutput: string;
beforeAll(async () => {
  firstOutput = await renderDocs(out, 'hub', 'hub/zones');
  cpSync(out, served, { recursive: true, preserveTimestamps: true });
}, 90_000);
afterAll(() => [out, served].forEach((folder) => rmSync(folder, { recursive: true, force: true })));

describe('npm run docs (scripts/docs.ts)', () => {
  it('when rendering the hub bundle and one manager, then it counts the pages, and each page and the index load only files of the docs folder', () => {
    expect(firstOutput).toContain('Rendering API docs: 2/2\nAPI docs in ');
    const index = readFileSync(path.join(out, 'index.html'), 'utf8');
    const hub = readFileSync(path.join(out, 'hub.html'), 'utf8');
    const zones = readFileSync(path.join(out, 'hub', 'zones.html'), 'utf8');
    expect(index).toContain('href="hub.html"');
    expect(index).toContain('href="hub/zones.html"');
    expect(hub).toContain('Hub API');
    expect(zones).toContain('getZones');
    for (const page of [index, hub, zones]) expect(namedHosts(markup(page))).toEqual([]);
  });

  it("when pages are rendered, then they share Redoc's public bundle as it ships, the theme and the start script as hashed assets naming no host", () => {
    const hub = readFileSync(path.join(out, 'hub.html'), 'utf8');
    const zones = readFileSync(path.join(out, 'hub', 'zones.html'), 'utf8');
    const assets = assetsOf(hub, 'hub.html');
    expect(assets).toEqual(assetsOf(zones, 'hub/zones.html'));
    expect(assets).toEqual([
      expect.stringMatching(/^assets\/docs-theme-[\w-]{12}\.css$/),
      expect.stringMatching(/^assets\/redoc\.standalone-[\w-]{12}\.js$/),
      expect.stringMatching(/^assets\/docs-init-[\w-]{12}\.js$/),
    ]);
    expect(readdirSync(path.join(out, 'assets')).filter((file) => !/\.(br|gz)$/.test(file)).sort()).toEqual(assets.map((file) => path.basename(file)).sort());
    const [theme, redoc, init] = assets.map((file) => readFileSync(path.join(out, file)));
    expect(redoc!.equals(readFileSync(REDOC_BUNDLE))).toBe(true);
    expect(REDOC_BUNDLE).toMatch(/node_modules\/redoc\/bundles\/redoc\.standalone\.js$/);
    expect(init!.toString()).toContain(`import { init } from './${path.basename(assets[1]!)}'`);
    expect(init!.toString()).toContain('disableTelemetry: true');
    for (const text of [theme!.toString(), init!.toString()]) expect(namedHosts(text)).toEqual([]);
    expect(statSync(path.join(out, 'hub', 'zones.html')).size).toBeLessThan(64 * 1024);
  });

  describe('the private page, the support back end and the content services, rendered in one run', () => {
    /** The content services' pages and operations each must list. */
    const contentPages: Record<string, string[]> = {
      'cloud/weather': ['getWeather'],
      'cloud/geolocate': ['getLocation'],
      'cloud/icons': ['getIcons', 'createIconFromSVG', 'getIconAsBuffer'],
      'cloud/infrared': ['getBrands', 'getTypes', 'searchDevices', 'getDevices', 'getDevice'],
      'cloud/flow': ['shareFlow', 'getFlow'],
      'cloud/firmware': ['getUpdatesChangelog'],
      'cloud/dns': ['getHomeyCertificate'],
      'cloud/connect': ['ping', 'acceptSharingRequest', 'confirmPushNotification', 'sendMobileEvent', 'sendOAuth2Callback', 'sendWebhook'],
      'cloud/callback': ['registerCallbackUrl', 'receiveOAuth2Code'],
      'cloud/energy': ['getZones', 'getZone', 'getDayAheadPricesElectricity'],
      'cloud/solarforecast': ['getSolarForecast'],
      'cloud/setup': ['createSession', 'setSessionState', 'createSessionCommand', 'updateSessionCommandResponse', 'getTimezone'],
      'cloud/backup': ['getMyBackups', 'createBackup', 'uploadBackup', 'setBackupComplete', 'downloadBackup'],
      'cloud/webhooks': ['createWebhook', 'callWebhook', 'registerWebhookClient', 'unregisterWebhookClient'],
      'cloud/notifications': ['push'],
    };
    beforeAll(() => renderDocs(out, 'hub-private', 'hub/system', 'support', 'cloud/store', ...Object.keys(contentPages)), 90_000);

    it('when rendering the hub and its private page, then private operations are only on the private page, linked from the index as private', () => {
      const index = readFileSync(path.join(out, 'index.html'), 'utf8');
      const hub = readFileSync(path.join(out, 'hub.html'), 'utf8');
      const system = readFileSync(path.join(out, 'hub', 'system.html'), 'utf8');
      const privatePage = readFileSync(path.join(out, 'hub-private.html'), 'utf8');
      for (const page of [hub, system]) {
        expect(page).not.toContain('startProfile');
        expect(page).not.toContain('/api/manager/system/profile/start');
      }
      expect(system).toContain('getSystemName');
      expect(privatePage).toContain('system.startProfile');
      expect(privatePage).toContain('energy.enableDummyEnergyReports');
      expect(privatePage).not.toContain('zones.getZones');
      expect(index).toMatch(/<li class="private"><a href="hub-private.html">Hub API: private operations<\/a> <span>\d+ operations, private/);
      expect(externalScripts(privatePage)).toEqual([]);
    });

    it('when rendering the support back end, a group of one API, then its page is listed under the support form', () => {
      const index = readFileSync(path.join(out, 'index.html'), 'utf8');
      expect(index).toMatch(/<h2>Support form<\/h2>\n<ul class="joined"><\/ul>\n<ul><li><a href="support.html">Support form back end<\/a>/);
      expect(index).toContain('href="cloud/store.html"');
      expect(readFileSync(path.join(out, 'support.html'), 'utf8')).toContain('createAttachment');
    });

    it('when rendering the content services, then each page lists its operations and the index links it', () => {
      const index = readFileSync(path.join(out, 'index.html'), 'utf8');
      for (const [api, operationIds] of Object.entries(contentPages)) {
        const page = readFileSync(path.join(out, `${api}.html`), 'utf8');
        for (const operationId of operationIds) expect(page).toContain(operationId);
        expect(externalScripts(page)).toEqual([]);
        expect(index).toContain(`href="${api}.html"`);
      }
    });
  });

  // Side by side (a run of tsx is seconds on a busy machine): the unknown name writes nothing the second run reads.
  it.concurrent('when the pages are newer than their bundles, then a second run keeps them and their compressed copies', async () => {
    const compressed = ['hub.html.br', 'hub.html.gz', 'index.html.br'].map((file) => path.join(out, file));
    const times = compressed.map((file) => statSync(file).mtimeMs);
    await expect(renderDocs(out, 'hub', 'hub/zones')).resolves.toContain('0 pages rendered, 2 up to date');
    expect(compressed.map((file) => statSync(file).mtimeMs)).toEqual(times);
  });

  it('when assets of an earlier Redoc or theme are left, then a run removes those no page names, with their compressed copies', async () => {
    const assets = path.join(out, 'assets');
    const unused = ['redoc.standalone-0ldRedoc0000.js', 'redoc.standalone-0ldRedoc0000.js.br', 'redoc.standalone-0ldRedoc0000.js.gz'];
    for (const file of [...unused, 'docs-theme-0ldTheme0000.css']) writeFileSync(path.join(assets, file), 'earlier');
    const support = path.join(out, 'support.html');
    writeFileSync(support, readFileSync(support, 'utf8').replace(/assets\/docs-theme-[\w-]+\.css/, 'assets/docs-theme-0ldTheme0000.css'));
    await renderDocs(out, 'hub/zones');
    for (const file of unused) expect(existsSync(path.join(assets, file))).toBe(false);
    expect(existsSync(path.join(assets, 'docs-theme-0ldTheme0000.css'))).toBe(true);
  });

  it.concurrent('when an unknown API is named, then it exits 1 listing the known ones', async () => {
    const child = spawnBin('tsx', ['scripts/docs.ts', 'hub/nope'], { DOCS_DIR: out });
    await expect(waitForOutput(child, /Unknown API/)).resolves.toMatch(/Unknown API hub\/nope; known: app, app\/routes, cloud, cloud\/account, cloud\/apps, cloud\/backup, cloud\/callback, cloud\/connect, cloud\/dns, cloud\/energy, cloud\/firmware, cloud\/flow, cloud\/geolocate, cloud\/icons, cloud\/infrared, cloud\/notifications, cloud\/setup, cloud\/solarforecast, cloud\/store, cloud\/weather, cloud\/webhooks, hub, .*hub\/zones, hub\/zwave, support$/m);
    expect(await exited(child)).toBe(1);
    expect(existsSync(path.join(out, 'hub', 'nope.html'))).toBe(false);
  });
});

describe('the docs as the hub serves them (server/hub/webserver/docs-files.ts)', () => {
  const out = served;
  const pages = ['index.html', 'hub.html', 'hub/zones.html'];
  let hub: TestHub;
  let assets: string[];
  beforeAll(async () => {
    assets = assetsOf(readFileSync(path.join(out, 'hub.html'), 'utf8'), 'hub.html');
    hub = await startTestHub({ docsDir: out });
  });
  afterAll(() => hub?.stop());
  const url = (file: string) => `${hub.url}/docs/${file}`;

  it('when a browser takes brotli or gzip, then every page and shared asset comes as the build compressed it', async () => {
    for (const file of [...pages, ...assets.filter((asset) => existsSync(path.join(out, `${asset}.br`)))]) {
      for (const [encoding, decompress] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
        const { status, headers, body } = await fetchRaw(url(file), { 'Accept-Encoding': encoding });
        expect([file, status, headers['content-encoding']]).toEqual([file, 200, encoding]);
        expect(headers.vary).toMatch(/Accept-Encoding/);
        expect(decompress(body).equals(readFileSync(path.join(out, file)))).toBe(true);
      }
    }
    expect(assets.filter((asset) => existsSync(path.join(out, `${asset}.br`)))).toContainEqual(expect.stringMatching(/redoc\.standalone/));
  });

  it('when a shared asset is asked for, then it is kept for a year as immutable', async () => {
    for (const asset of assets) {
      const { status, headers } = await fetchRaw(url(asset), { 'Accept-Encoding': 'br' });
      expect([asset, status, headers['cache-control']]).toEqual([asset, 200, 'public, max-age=31536000, immutable']);
    }
  });

  it('when a page is asked for again with its ETag, then it was to be revalidated and is a 304 without a body', async () => {
    for (const file of [...pages, '']) {
      const first = await fetchRaw(url(file), { 'Accept-Encoding': 'br' });
      expect([file, first.status, first.headers['cache-control']]).toEqual([file, 200, 'no-cache']);
      const etag = first.headers.etag;
      expect(etag).toBeTruthy();
      const again = await fetchRaw(url(file), { 'Accept-Encoding': 'br', 'If-None-Match': etag! });
      expect([file, again.status, again.body.length]).toEqual([file, 304, 0]);
    }
  });

  it('when a page is served, then its policy lets it load only the hub\'s own files, fonts and images included', async () => {
    const policy = (await fetchRaw(url('hub.html'))).headers['content-security-policy'] ?? '';
    for (const directive of ["default-src 'self'", "script-src 'self'", "img-src 'self' data: blob:", "font-src 'self' data:", "connect-src 'self'", "frame-ancestors 'none'"]) {
      expect(policy).toContain(directive);
    }
  });

  describeWithProgram('chromium')('in Chromium', () => {
    it('when a page is opened, then Redoc shows the API, nothing is asked of another machine, and axe finds no text below its contrast ratio', async () => {
      const axe = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
      const browser = await chromium.launch({ executablePath: findProgram('chromium'), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
      try {
        const pages = [['hub/zones.html', 'Hub zones manager'], ['hub.html', 'Hub API'], ['index.html', 'API documentation']] as const;
        // Redoc follows the reader's system: its light theme, and its dark one.
        for (const [[file, heading], colorScheme] of pages.flatMap((entry) => (['light', 'dark'] as const).map((scheme) => [entry, scheme] as const))) {
          const page = await browser.newPage({ colorScheme });
          const requested: string[] = [];
          const blocked: string[] = [];
          page.on('request', (request) => requested.push(request.url()));
          page.on('requestfailed', (request) => request.failure()?.errorText === 'csp' && blocked.push(request.url()));
          await page.goto(url(file));
          await page.getByRole('heading', { name: heading }).first().waitFor({ timeout: 30_000 });
          await page.waitForLoadState('networkidle');
          // Redoc's bundle names Redocly's CDN (its logo): the page's policy stops that request before it is sent.
          expect(requested.filter((address) => !address.startsWith(`${hub.url}/`) && !blocked.includes(address))).toEqual([]);
          if (file !== 'index.html') {
            const attribution = await page.evaluate(`getComputedStyle(document.querySelector('a[target="_blank"][href$="/redoc/"] p'), '::after').content`);
            expect(attribution).toBe('" Redoc"');
          }
          await page.evaluate(axe);
          const violations = await page.evaluate(
            `axe.run(document, { runOnly: ['color-contrast'] }).then((result) => result.violations.flatMap((rule) => rule.nodes.map((node) => node.target.join(' ') + ': ' + node.failureSummary)))`,
          );
          expect([file, colorScheme, violations]).toEqual([file, colorScheme, []]);
          await page.close();
        }
      } finally {
        await browser.close();
      }
    }, 120_000);
  });
});
