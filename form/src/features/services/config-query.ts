import { queryOptions } from '@tanstack/react-query';
import createClient from 'openapi-fetch';
import type { components, paths } from '../../../../generated/support.js';
import { origin } from '../../config.js';

export type FormConfig = components['schemas']['FormConfig'];

/** GET /api/config on the form's own host: where the account, store and apps services are. Public. */
export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: async (): Promise<FormConfig> => {
      const { data, error, response } = await createClient<paths>({ baseUrl: origin }).GET('/api/config');
      if (!data) throw new Error(`The form's configuration could not be read (${response.status}): ${JSON.stringify(error)}`);
      return data;
    },
    staleTime: Infinity,
    retry: 2,
  });
