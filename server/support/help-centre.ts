import express from 'express';
import { articlePath } from './articles.js';
import { precompressedFiles } from '../http/precompressed-files.js';
import { formSecurityHeaders } from './form-files.js';
import type { SupportDb } from './db.js';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, content: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#222}small{color:#777}</style>
</head><body>${content}</body></html>`;

/** Help-centre pages are our own HTML: nothing to run, nothing to load but their inline style, framed by no one. */
const ARTICLE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * The help centre: its index (`/hc`, every article by section, where the form's "back to the knowledge base" leads),
 * the article pages (`/hc/articles/<id>`, an article's html_url) and, when built, the form itself: what the form's
 * host serves beside its API (precompressed-files.ts: precompressed, cached; form-files.ts: never framed). Article bodies are our own shipped HTML.
 */
export function helpCentre(db: SupportDb, formDir: string | undefined): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(formSecurityHeaders);
  app.get('/hc', async (_req, res) => {
    const rows = await db.selectFrom('articles').select(['id', 'section', 'name']).orderBy('section').orderBy('id').execute();
    const sections = new Map<string, typeof rows>();
    for (const row of rows) sections.set(row.section, [...(sections.get(row.section) ?? []), row]);
    const list = [...sections].map(([section, articles]) =>
      `<h2>${escape(section)}</h2><ul>${articles.map((row) => `<li><a href="${articlePath(row.id)}">${escape(row.name)}</a></li>`).join('')}</ul>`).join('');
    res.setHeader('Content-Security-Policy', ARTICLE_POLICY);
    res.type('html').send(page('Help centre', `<h1>Help centre</h1>${list}`));
  });
  app.get('/hc/articles/:id', async (req, res) => {
    const id = /^\d{1,15}$/.test(req.params.id) ? Number(req.params.id) : NaN;
    const row = Number.isNaN(id) ? undefined : await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) {
      res.status(404).type('html').send('<!doctype html><title>Not found</title><p>This article does not exist.</p>');
      return;
    }
    res.setHeader('Content-Security-Policy', ARTICLE_POLICY);
    res.type('html').send(page(row.name, `<small><a href="/hc">Help centre</a> › ${escape(row.section)}</small><h1>${escape(row.name)}</h1>${row.body}
<small>Updated ${escape(row.updated_at.slice(0, 10))}</small>`));
  });
  if (formDir) app.use(precompressedFiles(formDir));
  return app;
}
