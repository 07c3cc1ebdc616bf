/**
 * The docs site's pages and the assets they share. Each page is small: its OpenAPI document as JSON data, and
 * references to three shared assets under `assets/`, named by their content's hash (so that a browser keeps them for
 * a year and fetches a new one only when it changed): Redoc's public standalone bundle (npm `redoc`, copied as it
 * ships), the docs theme (docs-theme.css) and a small module that hands the page's document to Redoc's documented
 * `init`. No page, theme or start script names another host, so the pages work offline, served by the hub
 * (server/hub/webserver/docs-files.ts; browsers load no module script from disk). Redoc's bundle itself names Redocly's CDN
 * (its logo, icon sets) and telemetry host: telemetry is off, and the hub's Content-Security-Policy keeps the
 * browser from calling them, which no edit of the bundle would keep true across its updates.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './apis.js';

/** Redoc's browser bundle, as the `redoc` package exports it (an ES module exporting `init`, `hydrate`, `RedocStandalone`). */
export const REDOC_BUNDLE = createRequire(path.join(root, 'package.json')).resolve('redoc/bundles/redoc.standalone.js');
/** The docs theme: what Redoc's own styles need changed (contrast). */
export const DOCS_THEME = path.join(root, 'scripts', 'docs-theme.css');
/** The folder of the shared assets, inside the docs folder. */
export const ASSETS = 'assets';

export interface Asset {
  /** Path relative to the docs folder: `assets/<name>-<hash>.<ext>`. */
  file: string;
  content: Buffer;
}

export interface DocsAssets {
  redoc: Asset;
  theme: Asset;
  /** The module every page runs: Redoc's `init` on the page's document. */
  init: Asset;
}

const hashed = (name: string, ext: string, content: Buffer | string): Asset => {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 12);
  return { file: `${ASSETS}/${name}-${hash}.${ext}`, content: bytes };
};

/** The shared assets, named by content; read from their sources on every call (a few milliseconds). */
export function docsAssets(): DocsAssets {
  const redoc = hashed('redoc.standalone', 'js', readFileSync(REDOC_BUNDLE));
  const theme = hashed('docs-theme', 'css', readFileSync(DOCS_THEME));
  // skipBundle: the document is bundled already (npm run generate); telemetry off, so that reading the docs calls no one.
  const init = hashed(
    'docs-init',
    'js',
    `import { init } from './${path.posix.basename(redoc.file)}';

const definition = JSON.parse(document.getElementById('redoc-definition').textContent);
init(definition, { skipBundle: true, disableTelemetry: true }, document.getElementById('redoc'));
`,
  );
  return { redoc, theme, init };
}

/** JSON inside a script element: no `</script>`, and no line separators that older parsers end a line at. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The HTML page at `href` (relative to the docs folder: `hub/zones.html`) documenting `doc` (an OpenAPI document,
 * bundled: no external references), its assets referenced relative to it so that the site works wherever it is mounted;
 * an empty icon, so that the browser does not ask for /favicon.ico.
 */
export function renderPage(doc: { info?: { title?: string } }, href: string, assets: DocsAssets): string {
  const url = (asset: Asset) => path.posix.relative(path.posix.dirname(href), asset.file);
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>${escapeHtml(doc.info?.title ?? 'API documentation')}</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="${url(assets.theme)}">
  <link rel="modulepreload" href="${url(assets.redoc)}">
  <script type="module" src="${url(assets.init)}"></script>
</head>
<body>
  <div id="redoc"></div>
  <script type="application/json" id="redoc-definition">${scriptJson(doc)}</script>
</body>
</html>
`;
}
