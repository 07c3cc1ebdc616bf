/**
 * The support form's part of npm run bench: the JavaScript its sign-in screen loads, gzipped as a browser would
 * download it (budget 150 kB), and the time from navigation to the sign-in screen's first frame in Chromium on
 * localhost (goal < 1 s), each load in a fresh profile (nothing cached), the median of several.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { APT_LINE, findProgram } from './system-programs.js';

export interface FormBench {
  scripts: number;
  scriptBytes: number;
  gzippedBytes: number;
  loads: number;
  firstRenderMs: { median: number; max: number };
}

declare global {
  interface Window {
    signInShownAt?: number;
  }
}

/** In the page before its scripts: the moment of the first frame that shows the Sign in button. */
function watchSignIn(): void {
  const observer = new MutationObserver(() => {
    const shown = [...document.querySelectorAll('button')].some((button) => button.textContent === 'Sign in');
    if (!shown) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.signInShownAt = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Measures in `browser` when given (the form's end-to-end files share one), else in a Chromium of its own. */
export async function measureForm(formUrl: string, loads = 7, shared?: Browser): Promise<FormBench> {
  const browser = shared ?? (await launchChromium());
  try {
    const times: number[] = [];
    let scripts = new Map<string, Buffer>();
    for (let load = 0; load < loads; load++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const loaded = new Map<string, Promise<Buffer>>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') loaded.set(response.url(), response.body());
      });
      await page.addInitScript(watchSignIn);
      await page.goto(formUrl);
      await page.waitForFunction(() => window.signInShownAt !== undefined);
      times.push(await page.evaluate(() => window.signInShownAt!));
      scripts = new Map(await Promise.all([...loaded].map(async ([url, body]) => [url, await body] as const)));
      await context.close();
    }
    times.sort((a, b) => a - b);
    const bodies = [...scripts.values()];
    return {
      scripts: bodies.length,
      scriptBytes: bodies.reduce((sum, body) => sum + body.length, 0),
      gzippedBytes: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
      loads,
      firstRenderMs: { median: Math.round(times[Math.floor(times.length / 2)]!), max: Math.round(times.at(-1)!) },
    };
  } finally {
    if (!shared) await browser.close();
  }
}

function launchChromium(): Promise<Browser> {
  const executablePath = findProgram('chromium');
  if (!executablePath) throw new Error(`The support form's row needs Chromium: ${APT_LINE}`);
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
}

export function printForm(form: FormBench): void {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log(
    `\nSupport form, sign-in screen in Chromium: initial JavaScript ${kB(form.gzippedBytes)} gzipped (budget 150 kB; ` +
      `${form.scripts} script${form.scripts === 1 ? '' : 's'}, ${kB(form.scriptBytes)} as served); first render ${form.firstRenderMs.median} ms median, ` +
      `${form.firstRenderMs.max} ms max of ${form.loads} cold loads (goal < 1000 ms)`,
  );
}
