import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { exited, spawnBin, waitForOutput } from './child.js';
import { REMOTE_ADDRESSES } from './docs-page.js';
import { describeWithProgram, findProgram } from './system-programs.js';

/** Script tags that load code from elsewhere: a self-contained page has none. */
const externalScripts = (html: string) => html.match(/<script[^>]*\ssrc=["']?(https?:)?\/\/[^>]*>/gi) ?? [];
/** Hosts of content delivery and telemetry, which a page would call by itself (links a reader follows are fine). */
const fetchedHosts = (html: string) => [...new Set(html.match(/https?:\/\/(cdn|otel|fonts)\.[\w.-]+/gi) ?? [])];

describe('npm run docs (scripts/docs.ts)', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'docs-test-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('when rendering the hub bundle and one manager, then it counts the pages, and each page and the index are self-contained HTML', async () => {
    const child = spawnBin('tsx', ['scripts/docs.ts', 'hub', 'hub/zones'], { DOCS_DIR: out });
    const output = await waitForOutput(child, /^API docs in /, 60_000);
    expect(await exited(child)).toBe(0);
    expect(output).toContain('Rendering API docs: 2/2\nAPI docs in ');
    const index = readFileSync(path.join(out, 'index.html'), 'utf8');
    const hub = readFileSync(path.join(out, 'hub.html'), 'utf8');
    const zones = readFileSync(path.join(out, 'hub', 'zones.html'), 'utf8');
    expect(index).toContain('href="hub.html"');
    expect(index).toContain('href="hub/zones.html"');
    expect(hub).toContain('Hub API');
    expect(zones).toContain('getZones');
    for (const page of [index, hub, zones]) expect(externalScripts(page)).toEqual([]);
    expect(hub).toContain('"disableTelemetry":true');
  }, 60_000);

  it("when pages are rendered, then they name no CDN or telemetry host: Redoc's remote logo, icons and telemetry are replaced", () => {
    const zones = readFileSync(path.join(out, 'hub', 'zones.html'), 'utf8');
    expect(fetchedHosts(readFileSync(path.join(out, 'hub.html'), 'utf8'))).toEqual([]);
    expect(fetchedHosts(zones)).toEqual([]);
    for (const [remote, inline] of REMOTE_ADDRESSES) {
      expect(zones).not.toContain(remote);
      expect(zones).toContain(inline);
    }
  });

  it('when rendering the hub and its private page, then private operations are only on the private page, linked from the index as private', async () => {
    const child = spawnBin('tsx', ['scripts/docs.ts', 'hub-private', 'hub/system'], { DOCS_DIR: out });
    await waitForOutput(child, /^API docs in /, 60_000);
    expect(await exited(child)).toBe(0);
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
  }, 60_000);

  it('when rendering the support back end, a group of one API, then its page is listed under the support form', async () => {
    const child = spawnBin('tsx', ['scripts/docs.ts', 'support', 'cloud/store'], { DOCS_DIR: out });
    await waitForOutput(child, /^API docs in /, 60_000);
    expect(await exited(child)).toBe(0);
    const index = readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(index).toMatch(/<h2>Support form<\/h2>\n<ul class="joined"><\/ul>\n<ul><li><a href="support.html">Support form back end<\/a>/);
    expect(index).toContain('href="cloud/store.html"');
    expect(readFileSync(path.join(out, 'support.html'), 'utf8')).toContain('createAttachment');
  }, 60_000);

  it('when rendering the content services, then each page lists its operations and the index links it', async () => {
    const pages: Record<string, string[]> = {
      'cloud/weather': ['getWeather'],
      'cloud/geolocate': ['getLocation'],
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
    const child = spawnBin('tsx', ['scripts/docs.ts', ...Object.keys(pages)], { DOCS_DIR: out });
    await waitForOutput(child, /^API docs in /, 60_000);
    expect(await exited(child)).toBe(0);
    const index = readFileSync(path.join(out, 'index.html'), 'utf8');
    for (const [api, operationIds] of Object.entries(pages)) {
      const page = readFileSync(path.join(out, `${api}.html`), 'utf8');
      for (const operationId of operationIds) expect(page).toContain(operationId);
      expect(externalScripts(page)).toEqual([]);
      expect(index).toContain(`href="${api}.html"`);
    }
  }, 60_000);

  it('when the pages are newer than their bundles, then a second run keeps them', async () => {
    const child = spawnBin('tsx', ['scripts/docs.ts', 'hub', 'hub/zones'], { DOCS_DIR: out });
    await expect(waitForOutput(child, /^API docs in /)).resolves.toContain('0 pages rendered, 2 up to date');
    expect(await exited(child)).toBe(0);
  });

  it('when an unknown API is named, then it exits 1 listing the known ones', async () => {
    const child = spawnBin('tsx', ['scripts/docs.ts', 'hub/nope'], { DOCS_DIR: out });
    await expect(waitForOutput(child, /Unknown API/)).resolves.toMatch(/Unknown API hub\/nope; known: app, app\/routes, cloud, cloud\/account, cloud\/apps, cloud\/backup, cloud\/callback, cloud\/connect, cloud\/dns, cloud\/energy, cloud\/firmware, cloud\/flow, cloud\/geolocate, cloud\/infrared, cloud\/notifications, cloud\/setup, cloud\/solarforecast, cloud\/store, cloud\/weather, cloud\/webhooks, hub, .*hub\/zones, hub\/zwave, support$/m);
    expect(await exited(child)).toBe(1);
    expect(existsSync(path.join(out, 'hub', 'nope.html'))).toBe(false);
  });
});

describeWithProgram('chromium')('the rendered docs in Chromium', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'docs-browser-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('when a page is opened from disk, then Redoc shows the API and the page asks nothing of any other machine', async () => {
    const child = spawnBin('tsx', ['scripts/docs.ts', 'hub', 'hub/zones'], { DOCS_DIR: out });
    await waitForOutput(child, /^API docs in /, 60_000);
    expect(await exited(child)).toBe(0);
    const browser = await chromium.launch({ executablePath: findProgram('chromium'), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    try {
      for (const [file, heading] of [['hub/zones.html', 'Hub zones manager'], ['hub.html', 'Hub API']] as const) {
        const page = await browser.newPage();
        const requested: string[] = [];
        page.on('request', (request) => requested.push(request.url()));
        await page.goto(`file://${path.join(out, file)}`);
        await page.getByRole('heading', { name: heading }).first().waitFor({ timeout: 30_000 });
        await page.getByAltText('redocly logo').waitFor();
        await page.waitForLoadState('networkidle');
        expect(requested.filter((url) => !/^(file|data|blob):/.test(url))).toEqual([]);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  }, 90_000);
});
