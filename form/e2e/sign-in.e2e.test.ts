import { describeInChromium, seriousViolations, signIn, signInWrongly, startHarness, type Harness } from './harness.js';

// End to end against npm start's servers in Chromium: the sign-in screen, the account service's sign-in page, step 1.
jest.setTimeout(60_000);

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness('sign-in');
}, 180_000);

afterAll(() => harness?.close());

describeInChromium('signing in to the support form', () => {
  it('when nobody is signed in, then the sign-in screen shows the seed texts, the Sign in button and the help link, accessibly', async () => {
    const { page, problems } = await harness.open();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('How can we help?');
    expect(await page.title()).toBe('Open Hub Support');
    expect(await page.getByText('Open Hub Support', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Please sign in so we can help you best.', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: "Can't sign in?" }).getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hc/);
    await harness.screenshot(page, '1-sign-in-screen');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('when another page frames the form, then the browser refuses to show it there', async () => {
    const page = await (await harness.newContext()).newPage();
    const response = (await page.goto(harness.servers.formUrl))!;
    expect(response.headers()['x-frame-options']).toBe('DENY');
    expect(response.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    await page.setContent(`<iframe src="${harness.servers.formUrl}" title="framed form"></iframe>`, { waitUntil: 'load' });
    const framed = page.frames().find((frame) => frame !== page.mainFrame())!;
    expect(await framed.locator('#root').count()).toBe(0);
  });

  it("when the user signs in on the account service's page, then the form greets them by first name above step 1", async () => {
    const { page, problems } = await harness.open();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.href.startsWith(harness.servers.cloudUrl));
    await harness.screenshot(page, '2-account-sign-in-page');
    // The account service's page names the app asking, by the name its OAuth client was registered with.
    expect(await page.getByText('to continue to Open Hub Support', { exact: true }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('E-mail address').fill(harness.servers.email);
    await page.getByLabel('Password').fill(harness.servers.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: "What's your question about?" }).waitFor();
    // The code of the redirect is exchanged and removed from the address.
    expect(page.url()).toBe(harness.servers.formUrl);
    expect(await page.getByText('Hi Demo!', { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('header').getByText('Open Hub Support', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('How can we help?');
    for (const group of ['My Account', 'My Hubs', 'My Orders', 'My Subscriptions']) {
      expect(await page.getByRole('region', { name: group }).isVisible()).toBe(true);
    }
    await page.getByRole('region', { name: 'My Orders' }).getByRole('button', { name: /^Order #\d+/ }).first().waitFor();
    expect(await page.getByText('Select one of the above options.').isVisible()).toBe(true);
    // The README's picture of the form (form/docs/step-1.png).
    await harness.screenshot(page, '3-step-1', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('when a signed-in user comes back later, then the stored token opens the form without signing in again', async () => {
    const { page } = await harness.openSignedIn();
    await page.reload();
    await page.getByRole('heading', { name: "What's your question about?" }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
  });

  it('when the user signs out mid-way, then the sign-in screen shows, and signing in again starts at step 1', async () => {
    const { page } = await harness.openSignedIn();
    await page.getByRole('region', { name: 'My Account' }).getByRole('button').click();
    await page.getByRole('heading', { name: 'What about your account?' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await harness.screenshot(page, '4-signed-out');
    await signIn(page, harness.servers);
    expect(await page.locator('ol.wizard > li[data-step]').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'What about your account?' }).count()).toBe(0);
  });

  it('when the password is wrong, then the page comes back with the focus on the password field, marked invalid and tied to the message', async () => {
    const { page } = await harness.open();
    await signInWrongly(page, harness.servers);
    const password = page.getByLabel('Password');
    expect(await password.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await password.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe('Wrong e-mail address or password');
    expect(await page.getByLabel('E-mail address').inputValue()).toBe(harness.servers.email);
    await harness.screenshot(page, '5-wrong-password');
    expect(await seriousViolations(page)).toEqual([]);
    // Typed again, the right password signs in from there.
    await password.fill(harness.servers.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: "What's your question about?" }).waitFor();
  });

  it.each([390, 320])('when the cloud pages (sign-in, error, callback) show on a %i px wide phone, then the card keeps a margin to both screen edges', async (width) => {
    const context = await harness.newContext({ viewport: { width, height: 760 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(harness.servers.formUrl);
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await page.waitForURL((url) => url.href.startsWith(harness.servers.cloudUrl));
    const pages = {
      'sign-in': page.url(),
      error: `${harness.servers.cloudUrl}/oauth2/authorise`,
      callback: `${harness.servers.cloudUrl}/callback/oauth2/callback`,
    };
    for (const [name, url] of Object.entries(pages)) {
      await page.goto(url);
      await page.locator('main h1').waitFor();
      const box = await page.evaluate(() => {
        const card = document.querySelector('main')!.getBoundingClientRect();
        return { left: card.left, right: card.right, viewport: document.documentElement.clientWidth, scrollWidth: document.documentElement.scrollWidth };
      });
      expect({ name, width: box.viewport, scrolls: box.scrollWidth > box.viewport }).toEqual({ name, width, scrolls: false });
      expect(box.left).toBeGreaterThanOrEqual(12);
      expect(width - box.right).toBeGreaterThanOrEqual(12);
      await harness.screenshot(page, `6-${name}-${width}px`);
    }
  });

  it('when the browser lacks what the form needs, then an alert says it is too old and to write to support by e-mail', async () => {
    const context = await harness.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      delete (AbortSignal as { any?: unknown }).any;
    });
    const alert = new Promise<string>((resolve) => page.once('dialog', (dialog) => (resolve(dialog.message()), void dialog.dismiss())));
    await page.goto(harness.servers.formUrl);
    expect(await alert).toMatch(/browser is too old[\s\S]*support[\s\S]*by e-mail at \S+@\S+/);
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
  });
});
