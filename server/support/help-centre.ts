import type { Request, RequestHandler, Response } from 'express';
import * as manifest from '../../generated/support.operations.js';
import { articlePath } from './articles.js';
import { precompressedFiles } from '../http/precompressed-files.js';
import type { RawRoute } from '../http/router.js';
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

/** The form host's security headers (form-files.ts), then the page's own policy and the page. */
async function sendPage(req: Request, res: Response, status: number, html: string, policy?: string): Promise<void> {
  await new Promise<void>((resolve, reject) => formSecurityHeaders(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
  if (policy) res.setHeader('Content-Security-Policy', policy);
  res.status(status).type('html').send(html);
}

const NOT_FOUND = '<!doctype html><title>Not found</title><p>This article does not exist.</p>';

/**
 * The help centre, as the support contract describes it (getHelpCentre, getHelpArticlePage): its index (`/hc`,
 * every article by section, where the form's "back to the knowledge base" leads) and the article pages
 * (`/hc/articles/<id>`, an article's html_url), HTML pages of the kernel's raw routes. Article bodies are our own
 * shipped HTML.
 */
export function helpCentreRoutes(db: SupportDb): RawRoute[] {
  return [
    {
      api: 'support',
      spec: manifest.operations.getHelpCentre,
      async serve(req, res) {
        const rows = await db.selectFrom('articles').select(['id', 'section', 'name']).orderBy('section').orderBy('id').execute();
        const sections = new Map<string, typeof rows>();
        for (const row of rows) sections.set(row.section, [...(sections.get(row.section) ?? []), row]);
        const list = [...sections].map(([section, articles]) =>
          `<h2>${escape(section)}</h2><ul>${articles.map((row) => `<li><a href="${articlePath(row.id)}">${escape(row.name)}</a></li>`).join('')}</ul>`).join('');
        await sendPage(req, res, 200, page('Help centre', `<h1>Help centre</h1>${list}`), ARTICLE_POLICY);
      },
    },
    {
      api: 'support',
      spec: manifest.operations.getHelpArticlePage,
      async serve(req, res) {
        const row = await db.selectFrom('articles').selectAll().where('id', '=', Number(req.params.id)).executeTakeFirst();
        if (!row) return sendPage(req, res, 404, NOT_FOUND);
        await sendPage(req, res, 200, page(row.name, `<small><a href="/hc">Help centre</a> › ${escape(row.section)}</small><h1>${escape(row.name)}</h1>${row.body}
<small>Updated ${escape(row.updated_at.slice(0, 10))}</small>`), ARTICLE_POLICY);
      },
      // The contract's only refusal of this page is an id that is no article's: the same page as an unknown one.
      invalid: (_error, req, res) => sendPage(req, res, 404, NOT_FOUND),
    },
  ];
}

/**
 * What the form's host serves beside its API and help centre, under the form's security headers (never framed):
 * the built form, when there is one (precompressed, cached).
 */
export function formFiles(formDir: string | undefined): RequestHandler {
  const files = formDir ? precompressedFiles(formDir) : undefined;
  return (req, res, next) => formSecurityHeaders(req, res, (error?: unknown) => (error || !files ? next(error) : files(req, res, next)));
}
