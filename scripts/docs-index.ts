/** One rendered document of the docs site: a group's joined bundle or a single API. */
export interface DocPage {
  /** Path of the HTML page, relative to the docs folder: `hub.html`, `hub/zones.html`. */
  href: string;
  group: string;
  /** Whether this is the group's joined bundle rather than one API. */
  joined: boolean;
  /** Whether the page documents the private operations (x-private), which public pages leave out. */
  private: boolean;
  title: string;
  description: string;
  operations: number;
}

const groupTitles: Record<string, string> = { hub: 'Hub', app: 'Hub app routes', cloud: 'Cloud services', support: 'Support form' };

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The first sentence of a description, without Markdown code marks. */
const firstSentence = (text: string) => (text.split(/(?<=\.)\s/)[0] ?? '').replace(/`/g, '');

const item = (page: DocPage) =>
  `<li${page.private ? ' class="private"' : ''}><a href="${escape(page.href)}">${escape(page.title)}</a> <span>${page.operations} operations` +
  `${page.private ? ', private: internal, not part of the public API' : ''}</span><p>${escape(firstSentence(page.description))}</p></li>`;

/**
 * The docs site's front page: per group, its joined document first, then each API, then its private page apart.
 * Self-contained, no scripts.
 */
export function renderIndex(pages: DocPage[]): string {
  const groups = [...new Set(pages.map((page) => page.group))];
  const sections = groups.map((group) => {
    const members = pages.filter((page) => page.group === group);
    const joined = members.filter((page) => page.joined && !page.private);
    const apis = members.filter((page) => !page.joined && !page.private);
    const privatePages = members.filter((page) => page.private);
    return [
      `<section><h2>${escape(groupTitles[group] ?? group)}</h2>`,
      `<ul class="joined">${joined.map(item).join('')}</ul>`,
      `<ul>${apis.map(item).join('')}</ul>`,
      ...(privatePages.length ? [`<h3>Private</h3>`, `<ul>${privatePages.map(item).join('')}</ul>`] : []),
      `</section>`,
    ].join('\n');
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>API documentation</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 56rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
ul { list-style: none; padding: 0; }
li { margin: 0 0 1rem; }
li p { margin: 0; color: #555; }
li span { color: #666; font-size: 0.875rem; margin-left: 0.5rem; }
.joined a { font-weight: 600; }
.private span { color: #a33; }
</style>
</head>
<body>
<h1>API documentation</h1>
<p>Rendered by <code>npm run docs</code> from the contract in <code>openapi/</code>. Every page works offline.</p>
${sections.join('\n')}
</body>
</html>
`;
}
