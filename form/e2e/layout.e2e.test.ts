import type { Locator } from 'playwright-core';
import { describeInChromium, seriousViolations, startHarness, type Harness } from './harness.js';
import { currentStep, stepOf } from './wizard.js';

// End to end against npm start's servers in Chromium: a phone's touch screen, a desktop, and the back/forward cache.
jest.setTimeout(60_000);

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness('layout');
}, 180_000);

afterAll(() => harness?.close());

/** A phone 390 px wide: touch, no hover, a mobile viewport. */
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

const sliderStyle = (list: Locator) =>
  list.evaluate((element) => {
    const style = getComputedStyle(element);
    return { display: style.display, overflowX: style.overflowX, scrollSnapType: style.scrollSnapType, columnGap: style.columnGap };
  });

describeInChromium('the form on different screens and through history', () => {
  it('when it opens on a 390 px wide touch screen, then every tile group is a horizontal slider that snaps, 12 px apart, and the page itself does not scroll sideways', async () => {
    const { page, problems } = await harness.open(phone);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await harness.screenshot(page, '1-phone-sign-in');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await page.getByLabel('E-mail address').fill(harness.servers.email);
    await page.getByLabel('Password').fill(harness.servers.password);
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await currentStep(page, 'category');

    const orders = page.getByRole('region', { name: 'My Orders' }).getByRole('list');
    await orders.getByRole('button', { name: /^Order #/ }).first().waitFor();
    for (const list of await stepOf(page, 'category').locator('.tile-group__tiles').all()) {
      expect(await sliderStyle(list)).toEqual({ display: 'flex', overflowX: 'auto', scrollSnapType: 'x mandatory', columnGap: '12px' });
    }
    const overflow = await orders.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(overflow.scrollWidth).toBeGreaterThan(overflow.clientWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await harness.screenshot(page, '2-phone-step-1');
    expect(await seriousViolations(page)).toEqual([]);

    // Sliding the orders along, then tapping the last one, leads on as a click does.
    await orders.evaluate((element) => element.scrollBy({ left: element.scrollWidth }));
    expect(await orders.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await orders.getByRole('button', { name: "My order isn't listed" }).tap();
    await currentStep(page, 'knowledgeBase');

    await page.getByRole('region', { name: 'My Hubs' }).getByRole('button').first().tap();
    const hubTopics = stepOf(page, 'proHub').locator('.tile-group__tiles');
    await hubTopics.first().waitFor();
    for (const list of await hubTopics.all()) expect(await sliderStyle(list)).toMatchObject({ display: 'flex', overflowX: 'auto', columnGap: '12px' });
    await harness.screenshot(page, '3-phone-hub-topics');
    expect(problems).toEqual([]);
  });

  it('when it opens on a wide screen with a mouse, then the tile groups wrap instead of sliding', async () => {
    const { page } = await harness.openSignedIn({ viewport: { width: 1280, height: 900 } });
    const lists = stepOf(page, 'category').locator('.tile-group__tiles');
    for (const list of await lists.all()) expect((await sliderStyle(list)).overflowX).not.toBe('auto');
  });

  it('when the user leaves mid-way and comes back through the back/forward cache, then the wizard starts afresh at step 1', async () => {
    const { page } = await harness.openSignedIn();
    await page.evaluate(() => {
      sessionStorage.removeItem('restored');
      addEventListener('pageshow', (event) => event.persisted && sessionStorage.setItem('restored', 'yes'));
    });
    await page.getByRole('region', { name: 'My Account' }).getByRole('button').click();
    await currentStep(page, 'account');
    await harness.screenshot(page, '4-before-leaving');

    await page.goto(new URL('hc', harness.servers.formUrl).href);
    // Restored from the cache, the page fires pageshow (persisted) and no load event.
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForFunction(() => sessionStorage.getItem('restored') === 'yes');
    await currentStep(page, 'category');
    expect(await page.locator('ol.wizard > li[data-step]').count()).toBe(1);
    expect(await page.getByText('Select one of the above options.').isVisible()).toBe(true);
    await harness.screenshot(page, '5-restored');
  });
});
