import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const root = process.cwd();
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

/** Builds the form into a temp folder, so a running `npm start` keeps its form/dist; a production build, as Jest sets NODE_ENV=test. */
export async function buildForm(outDir: string): Promise<void> {
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  const env = { ...process.env, NODE_ENV: 'production' };
  await promisify(execFile)(vite, ['build', '--config', 'form/vite.config.ts', '--outDir', outDir, '--emptyOutDir'], { cwd: root, env });
}

/** The gzipped bytes of the JavaScript the first page loads: its entry script and the modules it preloads. */
export async function initialScriptBytes(distDir: string): Promise<number> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const sizes = await Promise.all(scripts.map(async (file) => gzipSync(await readFile(path.join(distDir, file))).length));
  return sizes.reduce((sum, size) => sum + size, 0);
}

export function launch(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, { executablePath: '/usr/bin/chromium', headless: true, args: chromiumArgs, viewport: { width: 1200, height: 900 } });
}

/** Records what a page reports as broken: uncaught errors and console errors. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return problems;
}

/** From the form's sign-in screen through the account service's sign-in page and back, to step 1. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).first().click();
  await page.getByRole('heading', { name: "What's your question about?" }).waitFor();
}
