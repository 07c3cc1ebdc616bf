/**
 * npm run docs: self-contained Redoc pages (the Redoc script inlined, so they work offline) of each group's joined
 * bundle (generated/hub.openapi.json → hub.html) and of each API (generated/hub/zones.openapi.json →
 * hub/zones.html), plus an index.html linking them, into DOCS_DIR (default dist/docs), which the hub serves at /docs.
 * These pages leave out private operations (x-private); a group's private page (hub-private.html) has only them.
 * A page newer than its bundle, redocly.yaml and this script is kept, so that npm start stays quick when the
 * contract has not changed.
 * `npm run docs -- hub/zones` renders only the named pages; the index lists every page in the folder.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { listApis, listGroups, root } from './apis.js';
import { renderIndex, type DocPage } from './docs-index.js';
import { forAudience, operationCount, type Audience } from './docs-privacy.js';
import { newestMtime } from './up-to-date.js';

interface Target extends DocPage {
  source: string;
  /** The document rendered: the source's public or private operations. */
  doc: Record<string, unknown>;
}

/** The page of the source's operations for that audience; none when it has none (or is not generated yet). */
function target(source: string, href: string, group: string, joined: boolean, audience: Audience = 'public'): Target | undefined {
  const file = path.join(root, source);
  if (!existsSync(file)) {
    console.warn(`Skipped ${source}: not generated yet (npm run generate makes it).`);
    return undefined;
  }
  const doc = forAudience(JSON.parse(readFileSync(file, 'utf8')), audience);
  const operations = operationCount(doc);
  if (operations === 0) return undefined;
  const privacy = audience === 'private';
  return { source, doc, href, group, joined, private: privacy, title: doc.info.title, description: doc.info.description ?? '', operations };
}

function targets(): Target[] {
  const apis = listApis();
  const groups = [...new Set(apis.map((api) => api.group))];
  const joined = new Set(listGroups(apis));
  return groups
    .flatMap((group) => [
      ...(joined.has(group)
        ? [target(`generated/${group}.openapi.json`, `${group}.html`, group, true), target(`generated/${group}.openapi.json`, `${group}-private.html`, group, true, 'private')]
        : []),
      ...apis.filter((api) => api.group === group).map((api) => target(`generated/${api.name}.openapi.json`, `${api.name}.html`, group, false)),
    ])
    .filter((page) => page !== undefined);
}

const mtime = (file: string) => newestMtime([file]);

async function build(page: Target, out: string, scratch: string): Promise<void> {
  const output = path.join(out, page.href);
  const source = path.join(scratch, page.href.replace(/\//g, '_').replace(/\.html$/, '.json'));
  writeFileSync(source, JSON.stringify(page.doc));
  mkdirSync(path.dirname(output), { recursive: true });
  const redocly = path.join(root, 'node_modules', '.bin', 'redocly');
  // Inlined Redoc script (offline pages); its browser telemetry off, so that reading the docs calls no one.
  const args = ['build-docs', source, '--output', output, '--inlineBundle', '--openapi.disableTelemetry'];
  try {
    await promisify(execFile)(redocly, args, {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`redocly build-docs ${page.source} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await work(next);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Renders the named pages (every page when none is named) that are older than their sources, then the index.
 * Throws on an unknown name or a failed render.
 */
export async function renderDocs(only: readonly string[] = []): Promise<void> {
  const out = path.resolve(process.env.DOCS_DIR || path.join(root, 'dist', 'docs'));
  const all = targets();
  const name = (page: Target) => page.href.slice(0, -'.html'.length);
  const unknown = only.filter((wanted) => !all.some((page) => name(page) === wanted));
  if (unknown.length) throw new Error(`Unknown API ${unknown.join(', ')}; known: ${all.map(name).join(', ')}`);
  const pages = only.length ? all.filter((page) => only.includes(name(page))) : all;
  const configTime = Math.max(...['redocly.yaml', 'scripts/docs.ts', 'scripts/docs-privacy.ts'].map((file) => mtime(path.join(root, file))));
  const stale = pages.filter((page) => mtime(path.join(out, page.href)) <= Math.max(mtime(path.join(root, page.source)), configTime));
  const scratch = mkdtempSync(path.join(tmpdir(), 'docs-'));
  try {
    await inParallel(stale, availableParallelism(), (page) => build(page, out, scratch));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'index.html'), renderIndex(all.filter((page) => existsSync(path.join(out, page.href)))));
  const shown = path.relative(process.cwd(), out);
  console.log(`API docs in ${shown.startsWith('..') ? out : shown || '.'}: ${stale.length} pages rendered, ${pages.length - stale.length} up to date.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await renderDocs(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
