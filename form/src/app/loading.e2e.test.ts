import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import express from 'express';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

// End to end: the production build of the form, served as static files, opened in Debian's Chromium.
jest.setTimeout(60_000);

const root = process.cwd();
const screenshotDir = path.join(tmpdir(), 'form-e2e-screenshots');
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let workDir: string;
let server: Server;
let baseUrl: string;
let context: BrowserContext;

/** Builds into a temp folder, so a running `npm start` keeps its form/dist. */
async function buildForm(outDir: string): Promise<void> {
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  await promisify(execFile)(vite, ['build', '--config', 'form/vite.config.ts', '--outDir', outDir, '--emptyOutDir'], {
    cwd: root,
  });
}

async function serveStatic(dir: string): Promise<Server> {
  const app = express().use(express.static(dir));
  return new Promise((resolve, reject) => {
    const listening = app.listen(0, '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'form-e2e-'));
  const distDir = path.join(workDir, 'dist');
  await buildForm(distDir);
  server = await serveStatic(distDir);
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  context = await chromium.launchPersistentContext(path.join(workDir, 'profile'), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
  });
});

afterAll(async () => {
  await context?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Opens the form and records what the page reports as broken (uncaught errors, console errors). */
async function openForm(): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(baseUrl);
  return { page, problems };
}

describe('support form in Chromium', () => {
  it('when the form opens, then the loading screen is visible as a status with the seed text', async () => {
    const { page, problems } = await openForm();

    const status = page.getByRole('status');
    await status.waitFor({ state: 'visible' });
    expect(await status.innerText()).toBe('Help is on the way...');
    expect(await page.getByText('Help is on the way...', { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('#root > main').count()).toBe(1);
    expect(problems).toEqual([]);

    await mkdir(screenshotDir, { recursive: true });
    const screenshot = path.join(screenshotDir, 'loading.png');
    await page.screenshot({ path: screenshot, animations: 'disabled' });
    expect((await stat(screenshot)).size).toBeGreaterThan(1000);
    await page.close();
  });
});
