/**
 * One Redoc page, made in this process: the page `redocly build-docs --inlineBundle` makes (Redoc's browser bundle
 * inlined, so that it works offline and from disk), rendered in the browser by Redoc's documented `init` instead of
 * prerendered on the server, which needed a CLI process per page (about 0.6 s each, 48 pages).
 * Nothing on the page is fetched from elsewhere: the bundle's remote images (the Redocly logo and the icon sets, on
 * Redocly's CDN) are replaced by inline ones, and Redoc's telemetry is off, its endpoint replaced too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './apis.js';

/** Redoc's browser bundle as @redocly/cli ships it (an ES module exporting `init`, `hydrate`, `RedocStandalone`). */
export const REDOC_BUNDLE = path.join(root, 'node_modules', '@redocly', 'cli', 'lib', 'chunks', 'redoc.standalone.js');

const svg = (body: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" ${body}</svg>`)}`;
const logo = (width: number, text: string) =>
  svg(`width="${width}" height="20" viewBox="0 0 ${width} 20"><text x="0" y="15" font-family="sans-serif" font-size="14" font-weight="600" fill="#0044d4">${text}</text>`);

/**
 * The addresses the bundle would call by itself, and what stands in for them. An icon's address is the set's base,
 * then `/<style>/<name>.svg`: after an empty inline SVG and `#`, that rest is a fragment, which a data URL ignores.
 */
export const REMOTE_ADDRESSES: ReadonlyArray<[remote: string, inline: string]> = [
  ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', logo(64, 'Redocly')],
  ['https://cdn.redoc.ly/redoc/logo-mini.svg', logo(14, 'R')],
  ['https://cdn.redocly.com/icons/fa/7.0.0', `${svg('/>')}#`],
  ['https://cdn.redocly.com/icons/code/5.24.0', `${svg('/>')}#`],
  ['https://otel.cloud.redocly.com/v1/traces', 'data:,'],
];

/** JSON for a script element: no `</script>`, and no line separators that older parsers end a line at. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));

let bundle: string | undefined;

/** The bundle, its remote addresses replaced, safe inside a script element; read once per process. */
export function redocBundle(): string {
  if (bundle === undefined) {
    let code = readFileSync(REDOC_BUNDLE, 'utf8');
    for (const [remote, inline] of REMOTE_ADDRESSES) {
      if (!code.includes(remote)) throw new Error(`Redoc's bundle no longer calls ${remote}: check ${REDOC_BUNDLE} for other remote addresses.`);
      code = code.split(remote).join(inline);
    }
    bundle = code.replace(/<\/(script)/gi, '<\\/$1');
  }
  return bundle;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The whole HTML page documenting `doc` (an OpenAPI document, bundled: no external references). */
export function renderPage(doc: { info?: { title?: string } }): string {
  // skipBundle: the document is bundled already (npm run generate); telemetry off, so that reading the docs calls no one.
  const options = { skipBundle: true, disableTelemetry: true };
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>${escapeHtml(doc.info?.title ?? 'API documentation')}</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <style>body { padding: 0; margin: 0; }</style>
</head>
<body>
  <div id="redoc"></div>
  <script type="module">
${redocBundle()}
const __redoc_definition = ${scriptJson(doc)};
const __redoc_options = ${scriptJson(options)};
init(__redoc_definition, __redoc_options, document.getElementById('redoc'));
  </script>
</body>
</html>
`;
}
