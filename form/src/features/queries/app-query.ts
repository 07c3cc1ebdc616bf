import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { CloudService } from '../../../../client/index.js';
import type { components } from '../../../../generated/cloud/apps.js';
import { useServices } from '../services/services.js';

export type AppDetails = components['schemas']['App'];
type Build = components['schemas']['AppBuild'];

/** The apps service's getApp for one installed app; a failure (an app the store does not know) is only logged. */
export const appQueryOptions = (apps: CloudService<'apps'>, appId: string) =>
  queryOptions({
    queryKey: ['app', appId],
    queryFn: async (): Promise<AppDetails | null> => {
      try {
        return await apps.getApp({ appId });
      } catch (error) {
        console.error(`The details of app ${appId} could not be read:`, error);
        return null;
      }
    },
    staleTime: 10 * 60_000,
  });

export const useApp = (appId: string | undefined) => {
  const { apps } = useServices();
  return useQuery({ ...appQueryOptions(apps, appId ?? ''), enabled: Boolean(appId) }).data;
};

/** The details of each installed app; undefined until all have answered (the tiles show placeholders until then). */
export function useAppsDetails(appIds: readonly string[] | undefined) {
  const { apps } = useServices();
  return useQueries({
    queries: (appIds ?? []).map((appId) => appQueryOptions(apps, appId)),
    combine: (results) => (!appIds || results.some(({ isPending }) => isPending) ? undefined : new Map(results.map(({ data }, i) => [appIds[i]!, data ?? null]))),
  });
}

/** The build whose manifest the form shows: the live one, else the test one. */
export const buildOf = (app: AppDetails | null | undefined): Build | null => app?.liveBuild ?? app?.testBuild ?? null;

/** A build's name in English (a name is one text or one per language). */
export const nameOf = (build: Build): string => (typeof build.name === 'string' ? build.name : build.name.en);
