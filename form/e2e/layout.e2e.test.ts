import type { Locator } from 'playwright-core';
import type { Page } from 'playwright-core';
import { describeInChromium, seriousViolations, signIn, signInWrongly, startHarness, type Harness } from './harness.js';
import { currentStep, stepOf } from './wizard.js';

// End to end against npm start's servers in Chromium: a phone's touch screen, a desktop, the back/forward cache,
// Back after signing in, and a reload mid-ticket.
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
    // The harness's pages are 1280 px wide, with a mouse.
    const { page } = await harness.openSignedIn();
    expect(page.viewportSize()).toEqual({ width: 1280, height: 900 });
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

  it('when the user signs in (after a wrong password) and presses Back in the wizard, then the browser goes to the page before the form, not to the sign-in page', async () => {
    const page = await (await harness.newContext()).newPage();
    const before = new URL('hc', harness.servers.formUrl).href;
    await page.goto(before);
    await page.goto(harness.servers.formUrl);
    await signInWrongly(page, harness.servers);
    await page.getByLabel('Password').fill(harness.servers.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await currentStep(page, 'category');

    // The page before may come back from the back/forward cache (no load event).
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForURL(before, { waitUntil: 'commit' });
    expect(page.url()).toBe(before);
    expect(await page.getByLabel('Password').count()).toBe(0);
  });

  /** Step 1's hub, then Zigbee, then "Contact Support", and a subject and message typed. */
  async function typeTicket(page: Page): Promise<void> {
    await page.getByRole('region', { name: 'My Hubs' }).getByRole('button').first().click();
    await stepOf(page, 'proHub').getByRole('button', { name: 'Zigbee', exact: true }).click();
    await stepOf(page, 'knowledgeBase').getByRole('button', { name: 'Contact Support' }).click();
    await currentStep(page, 'ticket');
    await page.getByLabel('Subject (required)').fill('Zigbee sensors drop off');
    await page.getByLabel("What's your question? (required)").fill('Since the update my motion sensors leave the network every night.');
  }
  const shownSteps = (page: Page) => page.locator('ol.wizard:not(.wizard--next) > li[data-step]').evaluateAll((items) => items.map((item) => item.getAttribute('data-step')));
  const chosen = (page: Page) => page.locator('ol.wizard button.tile[aria-pressed="true"] .tile__title').allInnerTexts();

  it('when the page is reloaded mid-ticket, then the path chosen and the text typed are back; after signing out, a reload starts at step 1', async () => {
    const { page } = await harness.openSignedIn();
    await typeTicket(page);
    const path = await chosen(page);
    expect(path).toHaveLength(2);
    expect(await shownSteps(page)).toEqual(['category', 'proHub', 'knowledgeBase', 'ticket']);

    await page.reload();
    await currentStep(page, 'ticket');
    expect(await shownSteps(page)).toEqual(['category', 'proHub', 'knowledgeBase', 'ticket']);
    expect(await chosen(page)).toEqual(path);
    expect(await page.getByLabel('Subject (required)').inputValue()).toBe('Zigbee sensors drop off');
    expect(await page.getByLabel("What's your question? (required)").inputValue()).toBe('Since the update my motion sensors leave the network every night.');
    await harness.screenshot(page, '6-reloaded-mid-ticket');

    // A choice made again further up drops the ticket and its text, after a reload too.
    await stepOf(page, 'proHub').getByRole('button', { name: 'Thread', exact: true }).click();
    await currentStep(page, 'knowledgeBase');
    await page.reload();
    await currentStep(page, 'knowledgeBase');
    expect(await shownSteps(page)).toEqual(['category', 'proHub', 'knowledgeBase']);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, harness.servers);
    await page.reload();
    await currentStep(page, 'category');
    expect(await shownSteps(page)).toEqual(['category']);
  });

  it('when the ticket is sent, then a reload starts at step 1', async () => {
    const { page } = await harness.openSignedIn();
    await typeTicket(page);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('dialog', { name: 'Thanks for your message!' }).waitFor({ timeout: 45_000 });
    await page.reload();
    await currentStep(page, 'category');
    expect(await shownSteps(page)).toEqual(['category']);
  });

  it('when files are attached and the page is about to be reloaded, then the browser asks first (files cannot be kept); staying keeps them', async () => {
    const { page } = await harness.openSignedIn();
    await typeTicket(page);
    await page.getByLabel('Attachments').setInputFiles([{ name: 'hub-log.txt', mimeType: 'text/plain', buffer: Buffer.from('log') }]);
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => (resolve(dialog.type()), void dialog.dismiss())));
    await page.evaluate(() => setTimeout(() => location.reload()));
    expect(await asked).toBe('beforeunload');
    expect(await page.getByRole('list', { name: 'Attached files' }).getByRole('listitem').count()).toBe(1);
    expect(await page.getByLabel('Subject (required)').inputValue()).toBe('Zigbee sensors drop off');
  });
});
