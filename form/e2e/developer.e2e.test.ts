import type { Page } from 'playwright-core';
import { describeInChromium, outboxMails, seriousViolations, startHarness, type Harness } from './harness.js';
import { currentStep, stepOf, tileButton } from './wizard.js';

// End to end against npm start's servers in Chromium: an app's developer, and the e-mail the hub sends them.
jest.setTimeout(60_000);

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness('developer');
}, 180_000);

afterAll(() => harness?.close());

/** Step 1's hub, then Apps, then the installed app of this name. */
async function chooseApp(page: Page, app: string): Promise<void> {
  await page.getByRole('region', { name: 'My Hubs' }).getByRole('button').first().click();
  await stepOf(page, 'proHub').getByRole('button', { name: 'Apps', exact: true }).click();
  await tileButton(page, 'apps', app).click();
  await currentStep(page, 'contactDeveloper');
}

async function openEmail(page: Page): Promise<void> {
  await chooseApp(page, 'Crash test');
  await stepOf(page, 'contactDeveloper').getByText('Crash test was created by a community developer and is not an official app.').waitFor();
  await stepOf(page, 'contactDeveloper').getByRole('button', { name: 'Send an E-mail' }).click();
  await currentStep(page, 'emailDeveloper');
}

const crashlog = '**/api/manager/apps/app/*/crashlog';

describeInChromium('contacting an app developer', () => {
  it("when the developer takes e-mail, then the message goes through the hub to the developer's address with the app's report", async () => {
    const { page, problems } = await harness.openSignedIn();
    await openEmail(page);
    await harness.screenshot(page, '1-contact-developer');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('A minimum of 20 characters is required to describe your issue.').waitFor();
    const message = 'The app stops after a minute, every time I open it.';
    await page.getByLabel("What's your question? (required)").fill(message);
    await page.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thanks for your message!' });
    await dialog.waitFor({ timeout: 45_000 });
    expect(await dialog.getByText('Your e-mail has been sent to the developer.', { exact: true }).isVisible()).toBe(true);
    await harness.screenshot(page, '2-sent');

    const mail = outboxMails(harness.servers).find((text) => text.includes(message));
    expect(mail).toBeDefined();
    expect(mail).toMatch(/^To: .*qa@example\.com/m);
    expect(problems).toEqual([]);
  });

  it('when the hub answers 500, then the form says it could not make the report because the hub appears to be offline', async () => {
    const { page } = await harness.openSignedIn();
    await openEmail(page);
    await page.route(crashlog, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal', error_description: 'The app crashed', statusCode: 500 }) }));
    await page.getByLabel("What's your question? (required)").fill('The app stops after a minute, every time I open it.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .getByText('Unfortunately, we were unable to generate a diagnostic report of the app to send with the email because your hub appears to be offline.')
      .waitFor();
    expect(await page.getByText('Please try again or feel free to send an email to the developer').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it("when the hub refuses otherwise, then the form gives the reason and a link to the developer's address", async () => {
    const { page } = await harness.openSignedIn();
    await openEmail(page);
    await page.route(crashlog, (route) => route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: 'forbidden', error_description: 'Missing Scopes', statusCode: 403 }) }));
    await page.getByLabel("What's your question? (required)").fill('The app stops after a minute, every time I open it.');
    await page.getByRole('button', { name: 'Send' }).click();
    const failed = page.getByRole('alert').filter({ hasText: "We've encountered a problem sending the email." });
    await failed.waitFor();
    expect(await failed.innerText()).toMatch(/^We've encountered a problem sending the email\. .+\.\s+Please try again or feel free to send an email to the developer here\.$/);
    expect(await failed.getByRole('link', { name: 'here' }).getAttribute('href')).toBe('mailto:qa@example.com');
    await harness.screenshot(page, '3-email-failed');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("when the developer is verified and has a support website, then the step says so and links to it", async () => {
    const { page } = await harness.openSignedIn();
    await chooseApp(page, 'Sun times');
    const step = stepOf(page, 'contactDeveloper');
    await step.getByText('Sun times was created by a verified developer.').waitFor();
    expect(await step.getByRole('link', { name: "Visit the Developer's Support Website" }).getAttribute('href')).toBe('https://examplelabs.example/support');
    expect(await step.getByRole('button', { name: 'Send an E-mail' }).count()).toBe(0);
  });
});
