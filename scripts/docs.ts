/**
 * npm run docs: self-contained Redoc pages (the Redoc script inlined, nothing fetched from elsewhere, so they work
 * offline) of each group's joined bundle (generated/hub.openapi.json → hub.html) and of each API
 * (generated/hub/zones.openapi.json → hub/zones.html), plus an index.html linking them, into DOCS_DIR (default
 * dist/docs), which the hub serves at /docs. These pages leave out private operations (x-private); a group's private
 * page (hub-private.html) has only them. A page newer than its bundle, Redoc's bundle and these scripts is kept, so
 * that npm start stays quick when the contract has not changed. Progress goes to stdout, a counter per page.
 * `npm run docs -- hub/zones` renders only the named pages; the index lists every page in the folder.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { listApis, listGroups, root } from './apis.js';
import { renderIndex, type DocPage } from './docs-index.js';
import { REDOC_BUNDLE, renderPage } from './docs-page.js';
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

function build(page: Target, out: string): void {
  const output = path.join(out, page.href);
  mkdirSync(path.dirname(output), { recursive: true });
  writeFileSync(output, renderPage(page.doc));
}

/** A counter on one line where stdout is a terminal; else a line at every quarter and at the end. */
function progress(done: number, total: number): void {
  const line = `Rendering API docs: ${done}/${total}`;
  if (process.stdout.isTTY) process.stdout.write(`\r${line}${done === total ? '\n' : ''}`);
  else if (done === total || done % Math.max(1, Math.ceil(total / 4)) === 0) console.log(line);
}

/**
 * Renders the named pages (every page when none is named) that are older than their sources, then the index.
 * Throws on an unknown name.
 */
export function renderDocs(only: readonly string[] = []): void {
  const out = path.resolve(process.env.DOCS_DIR || path.join(root, 'dist', 'docs'));
  const all = targets();
  const name = (page: Target) => page.href.slice(0, -'.html'.length);
  const unknown = only.filter((wanted) => !all.some((page) => name(page) === wanted));
  if (unknown.length) throw new Error(`Unknown API ${unknown.join(', ')}; known: ${all.map(name).join(', ')}`);
  const pages = only.length ? all.filter((page) => only.includes(name(page))) : all;
  const configTime = Math.max(mtime(REDOC_BUNDLE), ...['scripts/docs.ts', 'scripts/docs-page.ts', 'scripts/docs-privacy.ts'].map((file) => mtime(path.join(root, file))));
  const stale = pages.filter((page) => mtime(path.join(out, page.href)) <= Math.max(mtime(path.join(root, page.source)), configTime));
  stale.forEach((page, done) => {
    build(page, out);
    progress(done + 1, stale.length);
  });
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'index.html'), renderIndex(all.filter((page) => existsSync(path.join(out, page.href)))));
  const shown = path.relative(process.cwd(), out);
  console.log(`API docs in ${shown.startsWith('..') ? out : shown || '.'}: ${stale.length} pages rendered, ${pages.length - stale.length} up to date.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    renderDocs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
