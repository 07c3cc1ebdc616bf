import { queryOptions } from '@tanstack/react-query';
import type { HubAPI } from '../../../../client/index.js';

/** system.getInfo: the hub's model, software, language and the newer model's under-voltage ratio; read fresh each time. */
export const hubInfoQueryOptions = (hub: HubAPI) =>
  queryOptions({
    queryKey: ['hub', hub.id, 'info'],
    queryFn: () => hub.system.getInfo(),
    staleTime: 0,
    retry: false,
  });
