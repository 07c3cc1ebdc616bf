import { accountArticles } from './account.js';
import type { KnowledgeArticle } from './article.js';
import { hubArticles } from './hub.js';
import { proArticles } from './pro.js';
import { shopArticles } from './shop.js';
import { wirelessArticles } from './wireless.js';

export type { KnowledgeArticle } from './article.js';

/** The help centre the support back end ships with, stored in its database on every start. */
export const KNOWLEDGE_BASE: readonly KnowledgeArticle[] = [...accountArticles, ...hubArticles, ...wirelessArticles, ...proArticles, ...shopArticles];

/** When the shipped articles were last revised (their updated_at). */
export const KNOWLEDGE_BASE_REVISED = '2026-11-01T00:00:00.000Z';
