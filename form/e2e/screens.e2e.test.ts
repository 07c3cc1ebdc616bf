import { measureForm } from '../../scripts/bench-form.js';
import { describeInChromium, startHarness, type Harness } from './harness.js';
import { currentStep } from './wizard.js';

// End to end against npm start's servers in Chromium: what the first page weighs, the loading screen, and where a
// new step scrolls to.
jest.setTimeout(60_000);

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness('screens');
}, 180_000);

afterAll(() => harness?.close());

describeInChromium('the form as it first loads and as it moves on', () => {
  it('when the sign-in screen loads, then the JavaScript it loads is at most 150 kB gzipped', async () => {
    const { gzippedBytes } = await measureForm(harness.servers.formUrl, 1);
    expect(gzippedBytes).toBeGreaterThan(0);
    expect(gzippedBytes).toBeLessThanOrEqual(150_000);
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
