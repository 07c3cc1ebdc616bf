/**
 * npm run docs: Redoc pages (docs-page.ts: each small, sharing Redoc's bundle and the theme as hashed assets, nothing
 * fetched from elsewhere, so they work offline) of each group's joined bundle (generated/hub.openapi.json → hub.html)
 * and of each API (generated/hub/zones.openapi.json → hub/zones.html), plus an index.html linking them, into DOCS_DIR
 * (default dist/docs), which the hub serves at /docs (server/hub/webserver/docs-files.ts). Every text file is then
 * precompressed beside itself (.br, .gz), as the form's build does. These pages leave out private operations
 * (x-private); a group's private page (hub-private.html) has only them. A page newer than its bundle, Redoc's bundle,
 * the theme and these scripts is kept, and so are compressed files newer than theirs, so that npm start stays quick
 * when the contract has not changed. Progress goes to stdout, a counter per page. `npm run docs -- hub/zones` renders
 * only the named pages; the index lists every page in the folder.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { listApis, listGroups, root } from './apis.js';
import { renderIndex, type DocPage } from './docs-index.js';
import { ASSETS, DOCS_THEME, docsAssets, REDOC_BUNDLE, renderPage, type DocsAssets } from './docs-page.js';
import { forAudience, operationCount, type Audience } from './docs-privacy.js';
import { precompress } from './precompress.js';
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

function build(page: Target, out: string, assets: DocsAssets): void {
  const output = path.join(out, page.href);
  mkdirSync(path.dirname(output), { recursive: true });
  writeFileSync(output, renderPage(page.doc, page.href, assets));
}

/** An unchanged index keeps its time, and so its ETag and compressed copies. */
function writeIfChanged(file: string, content: string): void {
  if (!existsSync(file) || readFileSync(file, 'utf8') !== content) writeFileSync(file, content);
}

/** Writes the shared assets that are not there yet. */
function writeAssets(out: string, assets: DocsAssets): void {
  mkdirSync(path.join(out, ASSETS), { recursive: true });
  for (const asset of Object.values(assets)) if (!existsSync(path.join(out, asset.file))) writeFileSync(path.join(out, asset.file), asset.content);
}

/**
 * Removes the assets (and their compressed copies) that no page uses any more: those of an earlier Redoc or theme,
 * once every page that named them is rendered again (a run of some pages keeps what the others still name).
 */
function removeUnusedAssets(out: string, pages: readonly string[]): void {
  const used = new Set(pages.flatMap((page) => [...readFileSync(page, 'utf8').matchAll(/"(?:\.\.\/)*assets\/([^"/]+)"/g)].map((match) => match[1]!)));
  const folder = path.join(out, ASSETS);
  for (const file of readdirSync(folder)) if (!used.has(file.replace(/\.(br|gz)$/, ''))) rmSync(path.join(folder, file));
}

/** A counter on one line where stdout is a terminal; else a line at every quarter and at the end. */
function progress(done: number, total: number): void {
  const line = `Rendering API docs: ${done}/${total}`;
  if (process.stdout.isTTY) process.stdout.write(`\r${line}${done === total ? '\n' : ''}`);
  else if (done === total || done % Math.max(1, Math.ceil(total / 4)) === 0) console.log(line);
}

/**
 * Renders the named pages (every page when none is named) that are older than their sources, then the index, the
 * shared assets and the compressed copies. Throws on an unknown name.
 */
export async function renderDocs(only: readonly string[] = []): Promise<void> {
  const out = path.resolve(process.env.DOCS_DIR || path.join(root, 'dist', 'docs'));
  const all = targets();
  const name = (page: Target) => page.href.slice(0, -'.html'.length);
  const unknown = only.filter((wanted) => !all.some((page) => name(page) === wanted));
  if (unknown.length) throw new Error(`Unknown API ${unknown.join(', ')}; known: ${all.map(name).join(', ')}`);
  const pages = only.length ? all.filter((page) => only.includes(name(page))) : all;
  const configTime = Math.max(
    mtime(REDOC_BUNDLE),
    mtime(DOCS_THEME),
    ...['scripts/docs.ts', 'scripts/docs-page.ts', 'scripts/docs-privacy.ts'].map((file) => mtime(path.join(root, file))),
  );
  const stale = pages.filter((page) => mtime(path.join(out, page.href)) <= Math.max(mtime(path.join(root, page.source)), configTime));
  const assets = docsAssets();
  writeAssets(out, assets);
  stale.forEach((page, done) => {
    build(page, out, assets);
    progress(done + 1, stale.length);
  });
  const built = all.filter((page) => existsSync(path.join(out, page.href)));
  writeIfChanged(path.join(out, 'index.html'), renderIndex(built));
  removeUnusedAssets(out, built.map((page) => path.join(out, page.href)));
  await precompress(out);
  const shown = path.relative(process.cwd(), out);
  console.log(`API docs in ${shown.startsWith('..') ? out : shown || '.'}: ${stale.length} pages rendered, ${pages.length - stale.length} up to date.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  renderDocs(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
