import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CloudUser } from '../../../../client/index.js';
import { DIAGNOSTIC_LOG_TIMEOUT } from '../final-steps/limits.js';

/**
 * A client of one of the user's hubs: found by the client library's discovery from the hub's record and signed in
 * with a delegation token (its session kept in localStorage with the rest of the client's state). Its calls may
 * take 30 s, as the diagnostic report (system.sendLog) may.
 */
export const hubQueryOptions = (user: CloudUser, homeyId: string | undefined) =>
  queryOptions({
    queryKey: ['hub', homeyId],
    queryFn: async () => {
      try {
        return await user.authenticateHomey({ homeyId, timeout: DIAGNOSTIC_LOG_TIMEOUT });
      } catch (error) {
        console.error(`The hub ${homeyId} could not be reached:`, error);
        throw error;
      }
    },
    enabled: Boolean(homeyId),
    staleTime: Infinity,
    retry: false,
  });

export const useHub = (user: CloudUser, homeyId: string | undefined) => useQuery(hubQueryOptions(user, homeyId));
