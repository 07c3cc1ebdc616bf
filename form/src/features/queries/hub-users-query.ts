import { queryOptions } from '@tanstack/react-query';
import type { HubAPI } from '../../../../client/index.js';

/** users.getUsers: the hub's users, counted on a ticket. */
export const hubUsersQueryOptions = (hub: HubAPI) =>
  queryOptions({
    queryKey: ['hub', hub.id, 'users'],
    queryFn: () => hub.users.getUsers(),
    staleTime: 60_000,
    retry: false,
  });
