/**
 * What every end-to-end file of the form shares: npm start's servers and one Chromium (Debian's, driven by
 * playwright-core), both started once per Jest run (servers.ts), each file in browser contexts of its own; signing
 * in through the account service's real sign-in page, axe-core run in the page, screenshots kept under
 * test-artefacts/form/, and reads of what reached the back end (tickets, the outbox).
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type LaunchOptions, type Page } from 'playwright-core';
import { describeWithProgram, findProgram } from '../../scripts/system-programs.js';
import { publishSignedInProfile, sharedServers, signedInProfile, type Servers } from './servers.js';

/** Where screenshots of each step are kept (git-ignored), one folder per test file. */
const artefactsDir = path.join(process.cwd(), 'test-artefacts', 'form');

const chromiumArgs = [
  // A new step scrolls into place smoothly (scrollTo's behavior: 'smooth'): Chromium drew every frame of that
  // scroll, and Playwright waited for it before each click (the tile still moving). Where the scroll ends is the same.
  '--disable-smooth-scrolling',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium (never a downloaded browser): each suite runs when it is installed, else says why it is skipped. */
export const describeInChromium = describeWithProgram('chromium');

/** Playwright turns the back/forward cache off by default; the form must reset when a page comes back from it. */
const launchOptions = (): LaunchOptions => ({ executablePath: findProgram('chromium'), headless: true, args: chromiumArgs, ignoreDefaultArgs: ['--disable-back-forward-cache'] });

export interface Harness {
  servers: Servers;
  /** The run's Chromium, as this file is connected to it. */
  browser: Browser;
  /** A fresh browser profile (no token stored): the sign-in screen. Closed with the harness. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page of the form in a fresh profile, with its problems (uncaught errors, console errors) recorded. */
  open(options?: BrowserContextOptions): Promise<OpenPage>;
  /**
   * A page of the form, signed in: step 1 is on screen. The run signs in once, through the account service's page,
   * and each file keeps a profile started from the storage that left (servers.ts, signedInProfile); its pages open in
   * that profile as new tabs, as a user who comes back does (a tab keeps its own session storage: the wizard's
   * steps). Signing in anew for each page took seconds apiece, and a profile of its own per page about a second more
   * of Chromium's CPU than a tab. With `options` (a phone's screen; `{}` for pages used at the same time), the page
   * gets a profile of its own, started from the signed-in one's storage.
   */
  openSignedIn(options?: BrowserContextOptions): Promise<OpenPage>;
  /** The whole page, or only what the window shows (`fullPage: false`). */
  screenshot(page: Page, name: string, options?: { fullPage?: boolean }): Promise<void>;
  /** An access token of the demo account for the tests' own calls (the password grant of the confidential client). */
  accessToken(): Promise<string>;
  close(): Promise<void>;
}

export interface OpenPage {
  page: Page;
  problems: string[];
}

/** Connects one test file to the run's servers and Chromium; its screenshots go to test-artefacts/form/<name>/. */
export async function startHarness(name: string): Promise<Harness> {
  const { servers, wsEndpoint } = await sharedServers(launchOptions());
  const browser = await chromium.connect(wsEndpoint);
  const shots = path.join(artefactsDir, name);
  mkdirSync(shots, { recursive: true });
  const contexts: BrowserContext[] = [];
  let token: string | undefined;
  /** The file's signed-in profile, and the page that signed it in (when this file did) until a test takes it. */
  let signedIn: Promise<{ context: BrowserContext; first?: OpenPage }> | undefined;

  const newContext = async (options: BrowserContextOptions = {}) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
    contexts.push(context);
    return context;
  };
  const openIn = async (context: BrowserContext): Promise<OpenPage> => {
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(servers.formUrl);
    return { page, problems };
  };
  const open = async (options?: BrowserContextOptions) => openIn(await newContext(options));
  const atStep1 = async (opened: OpenPage) => {
    await opened.page.getByRole('heading', { name: "What's your question about?" }).waitFor();
    return opened;
  };
  return {
    servers,
    browser,
    newContext,
    open,
    async openSignedIn(options) {
      signedIn ??= (async () => {
        const stored = signedInProfile();
        if (stored) return { context: await newContext({ storageState: stored }) };
        const first = await open();
        await signIn(first.page, servers);
        const context = first.page.context();
        publishSignedInProfile(await context.storageState());
        return { context, first };
      })();
      const profile = await signedIn;
      const { first } = profile;
      delete profile.first;
      if (options) return atStep1(await open({ ...options, storageState: await profile.context.storageState() }));
      return first ?? atStep1(await openIn(profile.context));
    },
    async screenshot(page, shot, { fullPage = true } = {}) {
      // One image pixel per CSS pixel: a phone's page at three device pixels to one took nine times the encoding.
      await page.screenshot({ path: path.join(shots, `${shot}.png`), animations: 'disabled', fullPage, scale: 'css' });
    },
    async accessToken() {
      token ??= await passwordToken(servers);
      return token;
    },
    /** Closes the file's contexts and its connection; the servers and Chromium stay for the run's other files. */
    async close() {
      await Promise.allSettled(contexts.map((context) => context.close()));
      await browser.close().catch(() => undefined);
    },
  };
}

function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return problems;
}

/** From the form's sign-in screen through the account service's own sign-in page and back to step 1. */
export async function signIn(page: Page, { email, password, cloudUrl, formUrl }: Servers): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.href.startsWith(cloudUrl));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.href.startsWith(formUrl));
  await page.getByRole('heading', { name: "What's your question about?" }).waitFor();
}

/** From the form's sign-in screen to the account service's sign-in page, answered with a wrong password. */
export async function signInWrongly(page: Page, { email, cloudUrl }: Servers): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.href.startsWith(cloudUrl));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'Wrong e-mail address or password' }).waitFor();
}

async function passwordToken({ cloudUrl, client, email, password }: Servers): Promise<string> {
  const response = await fetch(`${cloudUrl}/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}` },
    body: new URLSearchParams({ grant_type: 'password', username: email, password, scope: 'account homey' }),
  });
  if (!response.ok) throw new Error(`The password grant answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

const axeSource = readFileSync(path.join(process.cwd(), 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** axe-core's serious and critical violations in the page as it is now, one line each (rule, help, elements). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated rather than added as a <script>: the account service's sign-in page forbids inline scripts (CSP).
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target.join(' ')) }));
  });
  return violations.filter(({ impact }) => impact === 'serious' || impact === 'critical').map(({ id, impact, help, targets }) => `${impact} ${id}: ${help} (${targets.join(', ')})`);
}

/** The e-mails written to an outbox below the servers' data folder (no SMTP_URL), oldest first. */
export function outboxMails(servers: Servers): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.eml')) found.push(file);
    }
  };
  visit(servers.dataDir);
  return found.sort((a, b) => path.basename(a).localeCompare(path.basename(b))).map((file) => readFileSync(file, 'utf8'));
}

/** A call of the tests' own to one of the servers, as the demo account. */
export async function callAs<T>(harness: Harness, url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, headers: { Authorization: `Bearer ${await harness.accessToken()}`, 'Content-Type': 'application/json', ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
