import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CloudAPI } from '../../../../client/cloud/cloud-api.js';
import { CloudUser } from '../../../../client/cloud/user.js';
import type { components } from '../../../../generated/cloud/account.js';
import { useServices } from '../services/services.js';

type UserRecord = components['schemas']['User'];

export interface Session {
  record: UserRecord;
  user: CloudUser;
}

/** An answer that means the stored token is no good any more: the user signs in again. */
const signedOut = (error: unknown) => [400, 401, 403].includes((error as { statusCode?: number }).statusCode ?? 0);

/**
 * Who is signed in: the code of a sign-in redirect is exchanged first (and removed from the address), then the
 * current user is read. Null means the sign-in screen.
 */
export const sessionQueryOptions = (cloud: CloudAPI) =>
  queryOptions({
    queryKey: ['session'],
    queryFn: async (): Promise<Session | null> => {
      try {
        await cloud.authenticateFromLocation();
      } catch (error) {
        console.error('The sign-in could not be completed:', error);
      }
      if (!(await cloud.isLoggedIn())) return null;
      try {
        const record = await cloud.account.getAuthenticatedUser();
        return { record, user: new CloudUser(cloud, record as ConstructorParameters<typeof CloudUser>[1]) };
      } catch (error) {
        if (!signedOut(error)) throw error;
        await cloud.logout();
        return null;
      }
    },
    staleTime: 60_000,
    retry: false,
  });

export const useSession = () => useQuery(sessionQueryOptions(useServices().cloud));
