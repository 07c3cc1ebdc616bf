import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CloudService } from '../../../../client/index.js';
import { useServices } from '../services/services.js';

/** The store's getOrders: the user's orders, newest first. A failure is logged and no order is listed. */
export const ordersQueryOptions = (store: CloudService<'store'>) =>
  queryOptions({
    queryKey: ['orders'],
    queryFn: async () => {
      try {
        return await store.getOrders();
      } catch (error) {
        console.error('The orders could not be read:', error);
        return [];
      }
    },
    staleTime: 60_000,
  });

export const useOrders = () => useQuery(ordersQueryOptions(useServices().store)).data;
