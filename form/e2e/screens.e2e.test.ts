import type { Page } from 'playwright-core';
import { measureForm } from '../../scripts/bench-form.js';
import { describeInChromium, startHarness, type Harness } from './harness.js';
import { currentStep } from './wizard.js';

// End to end against npm start's servers in Chromium: what the first page weighs, the loading screen, and where a
// new step scrolls to.
jest.setTimeout(60_000);

let harness: Harness;

/** The form's own files (not its API calls) a load fetched over the network: bytes on the wire (headers included), by path. */
async function filesOverTheWire(page: Page, load: () => Promise<unknown>): Promise<Map<string, { bytes: number; status: number; encoding?: string; cacheControl?: string }>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const origin = new URL(harness.servers.formUrl).origin;
  const paths = new Map<string, string>();
  const files = new Map<string, { bytes: number; status: number; encoding?: string; cacheControl?: string }>();
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const url = new URL(response.url);
    if (url.origin !== origin || url.pathname.startsWith('/api/')) return;
    paths.set(requestId, url.pathname);
    const header = (name: string) => Object.entries(response.headers).find(([key]) => key.toLowerCase() === name)?.[1];
    files.set(url.pathname, { bytes: 0, status: response.status, encoding: header('content-encoding'), cacheControl: header('cache-control') });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const file = files.get(paths.get(requestId) ?? '');
    if (file) file.bytes += encodedDataLength;
  });
  await load();
  await cdp.detach();
  return files;
}

beforeAll(async () => {
  harness = await startHarness('screens');
}, 180_000);

afterAll(() => harness?.close());

describeInChromium('the form as it first loads and as it moves on', () => {
  it('when the sign-in screen loads, then the JavaScript it loads is at most 150 kB gzipped', async () => {
    const { gzippedBytes } = await measureForm(harness.servers.formUrl, 1, harness.browser);
    expect(gzippedBytes).toBeGreaterThan(0);
    expect(gzippedBytes).toBeLessThanOrEqual(150_000);
  });

  it('when the first page loads, then its scripts and styles come brotli-compressed, hashed ones immutable; a second visit fetches only the page, revalidated', async () => {
    const page = await (await harness.newContext()).newPage();
    const first = await filesOverTheWire(page, async () => {
      await page.goto(harness.servers.formUrl);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    });
    const assets = [...first].filter(([path]) => path.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const [path, file] of assets) {
      expect([path, file.encoding, file.cacheControl]).toEqual([path, 'br', 'public, max-age=31536000, immutable']);
    }
    expect(first.get('/')?.cacheControl).toBe('no-cache');
    const total = [...first.values()].reduce((sum, file) => sum + file.bytes, 0);
    // 318.7 kB went over the wire before the form was served precompressed.
    expect(total).toBeLessThan(100_000);

    const revalidations: string[] = [];
    page.on('request', (request) => void request.headerValue('if-none-match').then((tag) => tag && revalidations.push(new URL(request.url()).pathname)));
    const again = await filesOverTheWire(page, async () => {
      await page.goto(harness.servers.formUrl);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    });
    // The page is asked for again with its ETag and comes back as headers only (a 304, which the browser reports as
    // its cached 200); the hashed files come from the cache without asking: no byte on the wire.
    expect(revalidations).toContain('/');
    expect(again.get('/')!.bytes).toBeLessThan(first.get('/')!.bytes - 700);
    expect([...again].filter(([path, file]) => path.startsWith('/assets/') && file.bytes > 0)).toEqual([]);
  });

  it('when the form opens while its settings are on their way, then the loading screen is a status with the seed text', async () => {
    const page = await (await harness.newContext()).newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/config', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(harness.servers.formUrl);
    const status = page.getByRole('status');
    await status.waitFor({ state: 'visible' });
    expect(await status.innerText()).toBe('Help is on the way...');
    await harness.screenshot(page, '1-loading');
    release();
    await page.getByRole('heading', { name: 'How can we help?' }).waitFor();
  });

  it('when a step is chosen, then the page scrolls the new step to 120 px below the top', async () => {
    const { page } = await harness.openSignedIn();
    await page.getByRole('button', { name: /Order #/ }).first().click();
    await currentStep(page, 'knowledgeBase');
    await page.waitForFunction(() => Math.abs(document.querySelector('[data-step=knowledgeBase]')!.getBoundingClientRect().top - 120) < 2);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  it('when an account topic is chosen, then its articles show with the community inside, and an earlier choice discards them', async () => {
    const { page } = await harness.openSignedIn();
    const steps = () => page.locator('[data-step]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-step')));
    await page.getByRole('region', { name: 'My Account' }).getByRole('button').click();
    await page.getByRole('button', { name: 'Password', exact: true }).click();
    await page.getByRole('link', { name: 'Resetting a forgotten password' }).waitFor();
    expect(await page.getByRole('region', { name: 'Ask the community.' }).getByRole('link', { name: 'Visit the Community' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Contact Support' }).count()).toBe(0);
    expect(await steps()).toEqual(['category', 'account', 'knowledgeBase']);

    await page.getByRole('button', { name: /Order #/ }).first().click();
    await page.getByRole('button', { name: 'Contact Support' }).waitFor();
    expect(await steps()).toEqual(['category', 'knowledgeBase', 'ticket']);
    expect(await page.getByRole('link', { name: 'Resetting a forgotten password' }).count()).toBe(0);
  });
});
