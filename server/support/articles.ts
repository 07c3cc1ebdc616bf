import type { components } from '../../generated/support.js';
import { notFound } from '../http/errors.js';
import type { SupportDb } from './db.js';
import { KNOWLEDGE_BASE, KNOWLEDGE_BASE_REVISED } from './knowledge-base/index.js';

export type Article = components['schemas']['Article'];

/** The help-centre page of an article on the form's host (served by help-centre.ts). */
export const articlePath = (id: number) => `/hc/articles/${id}`;

/** Stores the shipped help centre: new articles added, shipped ones brought to their shipped text. */
export async function storeKnowledgeBase(db: SupportDb): Promise<void> {
  for (const { id, section, name, body } of KNOWLEDGE_BASE) {
    const values = { section, name, body, updated_at: KNOWLEDGE_BASE_REVISED };
    await db
      .insertInto('articles')
      .values({ id, ...values })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
      .execute();
  }
}

/** An article, with its page's URL on the form's host; 404 for an unknown id. */
export async function requireArticle(db: SupportDb, id: number, publicUrl: string): Promise<Article> {
  const row = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Article');
  return { id: row.id, name: row.name, html_url: new URL(articlePath(row.id), publicUrl).href, body: row.body, section: row.section, updated_at: row.updated_at };
}
