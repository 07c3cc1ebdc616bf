import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HubAPI } from '../../../../client/index.js';

/** The apps installed on the hub (apps.getApps), in name order: id, name, version, channel, brand colour, icon. */
export const hubAppsQueryOptions = (hub: HubAPI | undefined) =>
  queryOptions({
    queryKey: ['hub', hub?.id, 'apps'],
    queryFn: async () => Object.values(await hub!.apps.getApps()).sort((a, b) => a.name.localeCompare(b.name)),
    enabled: Boolean(hub),
    staleTime: 60_000,
  });

export const useHubApps = (hub: HubAPI | undefined) => useQuery(hubAppsQueryOptions(hub));
