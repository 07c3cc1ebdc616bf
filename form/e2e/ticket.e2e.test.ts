import type { Page } from 'playwright-core';
import { describeInChromium, callAs, outboxMails, seriousViolations, startHarness, type Harness } from './harness.js';
import { currentStep, stepOf } from './wizard.js';

// End to end against npm start's servers in Chromium: the ticket, its attachments by drag and drop, what reaches
// the back end and the outbox, the texts of seed 000 §5 and §8, and the success popup.
jest.setTimeout(60_000);

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness('ticket');
}, 180_000);

afterAll(() => harness?.close());

interface StoredTicket {
  id: string;
  subject: string;
  message: string;
  tags: string[];
  attachments: { filename: string; mimetype: string; size: number }[];
  details: Record<string, unknown>;
}

/** Step 1's hub, then Zigbee, then "Contact Support": the ticket of the demo hub. */
async function openTicket(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'My Hubs' }).getByRole('button').first().click();
  await stepOf(page, 'proHub').getByRole('button', { name: 'Zigbee', exact: true }).click();
  await stepOf(page, 'knowledgeBase').getByRole('button', { name: 'Contact Support' }).click();
  await currentStep(page, 'ticket');
}

/** Files made in the page and dropped on the attachments field, as a drag from the desktop delivers them. */
async function dropFiles(page: Page, files: { name: string; size: number; type?: string }[]): Promise<void> {
  const transfer = await page.evaluateHandle((made) => {
    const data = new DataTransfer();
    for (const { name, size, type } of made) data.items.add(new File([new Uint8Array(size).fill(97)], name, { type: type ?? 'text/plain' }));
    return data;
  }, files);
  const field = stepOf(page, 'ticket').locator('.attachments');
  await field.dispatchEvent('dragover', { dataTransfer: transfer });
  await field.dispatchEvent('drop', { dataTransfer: transfer });
}

const attached = (page: Page) => page.getByRole('list', { name: 'Attached files' }).getByRole('listitem').locator('span').allInnerTexts();

async function fill(page: Page, subject: string, message: string): Promise<void> {
  await page.getByLabel('Subject (required)').fill(subject);
  await page.getByLabel("What's your question? (required)").fill(message);
}

/**
 * The account's tickets as the back end keeps them: the one of this subject. The run's other files send tickets of
 * the same demo account too, so the newest is not necessarily this file's.
 */
async function storedTicket(subject: string): Promise<StoredTicket | undefined> {
  // The back end takes a delegation token of its own audience, as the form sends it (docs/protocol.md §8).
  const supportToken = await callAs<string>(harness, `${harness.servers.cloudUrl}/delegation/token?audience=support`, { method: 'POST', body: '{}' });
  const tickets = await callAs<StoredTicket[]>(harness, `${harness.servers.formUrl}api/zendesk/ticket`, { headers: { Authorization: `Bearer ${supportToken}` } });
  return tickets.find((ticket) => ticket.subject === subject);
}

/**
 * The ticket answered as the back end answers a stored one, for the tests of what the popup does: the back end takes
 * five tickets an hour of an account (server/support/ticket-throttle.ts), which all the run's files share.
 */
const answerTicket = (page: Page, confirmationSent = true) => page.route('**/api/zendesk/ticket', (route) => route.fulfill({ json: { ticketCreated: true, confirmationSent } }));

/** Where keyboard focus is: inside the open dialog or not. */
const focusInDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));

describeInChromium('the ticket', () => {
  it('when two files are dropped and the ticket is sent, then the back end keeps it with both files and the outbox has its confirmation', async () => {
    const { page, problems } = await harness.openSignedIn();
    await openTicket(page);
    await dropFiles(page, [
      { name: 'hub-log.txt', size: 2048 },
      { name: 'network.png', size: 4096, type: 'image/png' },
    ]);
    expect(await attached(page)).toEqual(['hub-log.txt', 'network.png']);
    await fill(page, 'Zigbee sensors stop at night', 'Every night my Zigbee sensors stop reporting until I restart the hub.');
    await harness.screenshot(page, '1-ticket-filled');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thanks for your message!' });
    await dialog.waitFor({ timeout: 45_000 });
    expect(await dialog.getByText('Your e-mail confirmation is on its way. Our support team is working to get back to you as soon as possible.').isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: 'Back to the knowledge base' }).getAttribute('href')).toMatch(/\/hc$/);
    await harness.screenshot(page, '2-success-popup');
    expect(await seriousViolations(page)).toEqual([]);

    const ticket = await storedTicket('Zigbee sensors stop at night');
    expect(ticket).toMatchObject({
      message: 'Every night my Zigbee sensors stop reporting until I restart the hub.',
      attachments: [
        { filename: 'hub-log.txt', mimetype: 'text/plain', size: 2048 },
        { filename: 'network.png', mimetype: 'image/png', size: 4096 },
      ],
    });
    expect(ticket!.tags).toEqual(expect.arrayContaining(['pro', 'zigbee']));
    expect(ticket!.details).toMatchObject({ supportFormPath: expect.stringMatching(/ → Zigbee$/), homeyPlatform: 'local', email: harness.servers.email });
    expect(ticket!.details.diagnosticReport).toEqual(expect.any(String));
    expect(ticket!.details.diagnosticReport).not.toBe("Couldn't generate report");

    const mail = outboxMails(harness.servers).find((text) => text.includes(`[Request #${ticket!.id}]`));
    expect(mail).toBeDefined();
    expect(mail).toContain(`To: ${harness.servers.email}`);
    expect(mail).toMatch(/hub-log\.txt[\s\S]*network\.png/);
    expect(problems).toEqual([]);
  });

  it('when the popup is open, then Tab and Shift+Tab keep focus inside it, the page does not scroll and Escape closes it to step 1', async () => {
    const { page } = await harness.openSignedIn();
    await openTicket(page);
    await fill(page, 'Focus', 'Checking where the keyboard focus goes in the popup.');
    await answerTicket(page);
    await page.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thanks for your message!' });
    await dialog.waitFor({ timeout: 45_000 });
    expect(await page.evaluate(() => document.querySelector('dialog')!.matches(':modal'))).toBe(true);
    expect(await focusInDialog(page)).toBe(true);
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInDialog(page)).toBe(true);
    }
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    const scrolled = await page.evaluate(() => scrollY);
    await page.mouse.wheel(0, 600);
    expect(await page.evaluate(() => scrollY)).toBe(scrolled);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Select one of the above options.').waitFor();
    expect(await page.locator('ol.wizard > li[data-step]').count()).toBe(1);
    // What opened the popup went with the reset: the focus goes to the step now current, not to the page's start.
    expect(await page.evaluate(() => document.activeElement!.textContent)).toBe("What's your question about?");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  it('when the ticket is sent empty or too short, then only then the seed texts of §5 show and nothing is sent', async () => {
    const { page } = await harness.openSignedIn();
    await openTicket(page);
    const sent: string[] = [];
    page.on('request', (request) => request.url().includes('/api/zendesk/ticket') && sent.push(request.url()));
    expect(await page.getByText('Please add a subject.').count()).toBe(0);
    expect(await page.getByText('A minimum of 20 characters is required to describe your issue.').count()).toBe(0);
    expect(await page.getByLabel("What's your question? (required)").getAttribute('placeholder')).toMatch(/as much detail as possible/);

    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Please add a subject.').waitFor();
    expect(await page.getByText('A minimum of 20 characters is required to describe your issue.').isVisible()).toBe(true);
    await harness.screenshot(page, '3-validation');
    expect(await seriousViolations(page)).toEqual([]);

    await fill(page, 'Short', 'Nineteen characters');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('A minimum of 20 characters is required to describe your issue.').waitFor();
    expect(await page.getByText('Please add a subject.').count()).toBe(0);
    expect(sent).toEqual([]);

    // Longer input is cut to the limits: 200 characters of subject, 10000 of message.
    await fill(page, 's'.repeat(250), 'm'.repeat(10_050));
    expect((await page.getByLabel('Subject (required)').inputValue()).length).toBe(200);
    expect((await page.getByLabel("What's your question? (required)").inputValue()).length).toBe(10_000);
  });

  it('when more than 12 files, a file over 50 MB or a file of a name already added is dropped, then the seed texts show and the limits hold', async () => {
    const { page } = await harness.openSignedIn();
    await openTicket(page);
    await dropFiles(page, Array.from({ length: 13 }, (_, index) => ({ name: `photo-${String(index + 1).padStart(2, '0')}.txt`, size: 10 })));
    await page.getByText('Maximum number of attachments reached. Cannot add more than 12 files.').waitFor();
    expect(await attached(page)).toHaveLength(12);
    await harness.screenshot(page, '4-too-many-files');

    await page.getByRole('button', { name: 'Remove photo-12.txt' }).click();
    await dropFiles(page, [{ name: 'video.txt', size: 50_000_001 }]);
    await page.getByText('File exceeds the maximum file size of 50MB and could not be added.').waitFor();
    expect(await attached(page)).toHaveLength(11);

    await dropFiles(page, [{ name: 'photo-01.txt', size: 99 }, { name: 'exactly-50mb.txt', size: 50_000_000 }]);
    expect(await attached(page)).toEqual([...Array.from({ length: 11 }, (_, index) => `photo-${String(index + 1).padStart(2, '0')}.txt`), 'exactly-50mb.txt']);
  });

  it('when files are chosen with the "Choose files" button, then they are listed with their sizes as dropped ones are, the native input stays out of sight, and each can be removed', async () => {
    const { page } = await harness.openSignedIn();
    await openTicket(page);
    const input = page.getByLabel('Attachments');
    expect(await input.getAttribute('type')).toBe('file');
    expect(await input.evaluate((element) => element.getBoundingClientRect().width * element.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
    expect(await page.getByText('No file chosen').count()).toBe(0);
    const file = (name: string, size: number) => ({ name, mimeType: 'text/plain', buffer: Buffer.alloc(size, 97) });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose files' }).click();
    await (await chooser).setFiles([file('first.txt', 2048), file('second.txt', 12)]);
    await input.setInputFiles([file('first.txt', 5)]);
    expect(await attached(page)).toEqual(['first.txt', 'second.txt']);
    expect(await page.getByRole('list', { name: 'Attached files' }).locator('.attachments__size').allInnerTexts()).toEqual(['2 kB', '12 bytes']);
    expect(await page.getByText('2 of 12 files').isVisible()).toBe(true);
    // The ticket step with its files listed is the screen the first test checks with axe-core (dropped files).
    await harness.screenshot(page, '6-picker');
    await page.getByRole('button', { name: 'Remove first.txt' }).click();
    expect(await attached(page)).toEqual(['second.txt']);
  });

  it("when a file is removed by keyboard, then the focus goes to the next file's Remove button, and after the last one to the picker", async () => {
    const { page } = await harness.openSignedIn();
    await openTicket(page);
    await dropFiles(page, [
      { name: 'one.txt', size: 10 },
      { name: 'two.txt', size: 10 },
      { name: 'three.txt', size: 10 },
    ]);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? document.activeElement?.tagName);
    // Tab from the picker to the first "Remove", as a keyboard user goes.
    await page.getByRole('button', { name: 'Choose files' }).focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Remove one.txt');
    await page.keyboard.press('Enter');
    expect(await attached(page)).toEqual(['two.txt', 'three.txt']);
    expect(await focused()).toBe('Remove two.txt');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Remove three.txt');
    await page.keyboard.press('Enter');
    expect(await attached(page)).toEqual(['two.txt']);
    expect(await focused()).toBe('Choose files');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('list', { name: 'Attached files' }).count()).toBe(0);
    expect(await focused()).toBe('Choose files');
  });

  it('when "Contact Support" is pressed, then the keyboard focus is on the new step\'s heading', async () => {
    const { page } = await harness.openSignedIn();
    await openTicket(page);
    await page.waitForFunction(() => document.activeElement?.matches('[data-step=ticket] h2'));
    expect(await page.evaluate(() => document.activeElement!.textContent)).toBe("We're happy to help.");
  });

  it('when the popup opens on a 390 px wide phone, then it keeps a margin on both sides', async () => {
    const { page } = await harness.openSignedIn({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    await openTicket(page);
    await fill(page, 'Narrow', 'Checking the popup on a phone-sized screen.');
    await answerTicket(page);
    await page.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thanks for your message!' });
    await dialog.waitFor({ timeout: 45_000 });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(12);
    expect(390 - (box.x + box.width)).toBeGreaterThanOrEqual(12);
    await harness.screenshot(page, '7-popup-390', { fullPage: false });
  });

  it('when the back end sent no confirmation (an unverified address), then the popup does not say one is on its way', async () => {
    const { page } = await harness.openSignedIn();
    await openTicket(page);
    await fill(page, 'Unverified', 'Checking what the popup says when no confirmation went out.');
    await answerTicket(page, false);
    await page.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thanks for your message!' });
    await dialog.waitFor({ timeout: 45_000 });
    expect(await dialog.getByText(/No e-mail confirmation was sent: please verify your account's e-mail address\./).isVisible()).toBe(true);
    expect(await dialog.getByText(/confirmation is on its way/).count()).toBe(0);
  });

  it('when an article of the knowledge base cannot be read, then the others show and the failure is only logged', async () => {
    const { page, problems } = await harness.openSignedIn();
    let asked = 0;
    await page.route('**/api/zendesk/article?**', (route) => (asked++ === 0 ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.continue()));
    await page.getByRole('region', { name: 'My Hubs' }).getByRole('button').first().click();
    await stepOf(page, 'proHub').getByRole('button', { name: 'Zigbee', exact: true }).click();
    const knowledgeBase = await currentStep(page, 'knowledgeBase');
    await knowledgeBase.locator('ul.articles[aria-busy="false"]').waitFor();
    expect(asked).toBeGreaterThan(1);
    expect(await knowledgeBase.locator('ul.articles a').count()).toBe(asked - 1);
    expect(await knowledgeBase.getByRole('alert').count()).toBe(0);
    expect(problems.length).toBeGreaterThan(0);
  });

  it('when an upload or the ticket fails, then the texts of §8 show and no popup opens; a hub without its diagnostics still sends the fallback values', async () => {
    const { page } = await harness.openSignedIn();
    await openTicket(page);
    await fill(page, 'Failures', 'Checking what the form says when the back end cannot be reached.');
    await dropFiles(page, [{ name: 'broken.txt', size: 10 }]);
    await page.route('**/api/zendesk/attachment**', (route) => route.abort());
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText("We've encountered a problem uploading broken.txt. Please try again!").waitFor();
    await page.unroute('**/api/zendesk/attachment**');
    await page.getByRole('button', { name: 'Remove broken.txt' }).click();

    await page.route('**/api/zendesk/ticket', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable"}' }));
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText("We've encountered a problem sending your message. Please try again.").waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await harness.screenshot(page, '5-send-failed');
    await page.unroute('**/api/zendesk/ticket');

    // The hub's report and its under-voltage ratio fail: the ticket goes with the seed's fallback values. While
    // it is on its way, the button says so and cannot be pressed again.
    await page.route('**/api/manager/system/**', (route) => route.abort());
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/zendesk/ticket', async (route) => (await held, route.continue()));
    await page.getByRole('button', { name: 'Send' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    await page.getByRole('dialog', { name: 'Thanks for your message!' }).waitFor({ timeout: 45_000 });
    expect(await storedTicket('Failures')).toMatchObject({ details: { diagnosticReport: "Couldn't generate report", underVoltagePercentage: "Couldn't get under voltage ratio" } });
  });
});
