import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HubAPI } from '../../../../client/index.js';

/** updates.getUpdates: a non-empty list means the hub's software is out of date. Failures are only logged. */
export const hubUpdatesQueryOptions = (hub: HubAPI | undefined) =>
  queryOptions({
    queryKey: ['hub', hub?.id, 'updates'],
    queryFn: async () => {
      try {
        return (await hub!.updates.getUpdates()).length > 0;
      } catch (error) {
        console.error('The hub could not be asked for updates:', error);
        return false;
      }
    },
    enabled: Boolean(hub),
    staleTime: 5 * 60_000,
  });

export const useHubOutOfDate = (hub: HubAPI | undefined) => useQuery(hubUpdatesQueryOptions(hub)).data ?? false;
