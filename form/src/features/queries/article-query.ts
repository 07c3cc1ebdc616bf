import { queryOptions, useQueries } from '@tanstack/react-query';
import type { Client } from 'openapi-fetch';
import type { components, paths } from '../../../../generated/support.js';
import { useServices } from '../services/services.js';

export type Article = components['schemas']['Article'];

/** GET /api/zendesk/article?id: one help-centre article. A failure is logged and the article skipped. */
export const articleQueryOptions = (support: Client<paths>, id: number) =>
  queryOptions({
    queryKey: ['article', id],
    queryFn: async (): Promise<Article | null> => {
      try {
        const { data } = await support.GET('/api/zendesk/article', { params: { query: { id } } });
        return data ?? null;
      } catch (error) {
        console.error(`Article ${id} could not be read:`, error);
        return null;
      }
    },
    staleTime: 10 * 60_000,
  });

/** The articles of the chosen branch, in the tree's order, as they arrive. */
export function useArticles(ids: readonly number[]) {
  const { support } = useServices();
  return useQueries({
    queries: ids.map((id) => articleQueryOptions(support, id)),
    combine: (results) => ({
      loaded: results.flatMap(({ data }) => (data ? [data] : [])),
      loading: results.some(({ isPending }) => isPending),
    }),
  });
}
