import type { QueryClient } from '@tanstack/react-query';
import type { HubAPI } from '../../../../client/index.js';
import { NEWER_PRO_MODEL } from '../wizard/tree.js';
import { texts } from '../final-steps/limits.js';
import { hubAppsQueryOptions } from './hub-apps-query.js';
import { hubInfoQueryOptions } from './hub-info-query.js';
import { hubUsersQueryOptions } from './hub-users-query.js';

/*
 * What a ticket carries from the chosen hub, gathered when it is sent. The reads go through their queries; the
 * report (system.sendLog) is made for this ticket alone.
 */

/** The hub's diagnostic report (system.sendLog: the hub client waits 30 s for it); a failure is the seed's fallback text. */
export async function diagnosticReport(hub: HubAPI): Promise<string> {
  try {
    return await hub.system.sendLog();
  } catch (error) {
    console.error('The diagnostic report could not be made:', error);
    return texts.reportFailed;
  }
}

/** The newer Pro model's under-voltage share (system.getInfo) as a percentage; other models have none. */
export async function underVoltagePercentage(queryClient: QueryClient, hub: HubAPI, model: string | undefined): Promise<string> {
  if (model !== NEWER_PRO_MODEL) return '';
  try {
    const { videoCoreUnderVoltageCurrentlyRatio: ratio } = await queryClient.fetchQuery(hubInfoQueryOptions(hub));
    if (typeof ratio !== 'number') throw new TypeError('The hub reported no under-voltage ratio.');
    return `${Math.round(ratio * 100)}%`;
  } catch (error) {
    console.error('The under-voltage ratio could not be read:', error);
    return texts.underVoltageFailed;
  }
}

/** The hub's facts a ticket carries: model name, language, software version, apps and users. */
export async function hubFacts(queryClient: QueryClient, hub: HubAPI) {
  const [info, apps, users] = await Promise.allSettled([
    queryClient.fetchQuery(hubInfoQueryOptions(hub)),
    queryClient.fetchQuery(hubAppsQueryOptions(hub)),
    queryClient.fetchQuery(hubUsersQueryOptions(hub)),
  ]);
  for (const result of [info, apps, users]) if (result.status === 'rejected') console.error('A hub detail could not be read:', result.reason);
  const installed = apps.status === 'fulfilled' ? apps.value : [];
  return {
    modelName: info.status === 'fulfilled' ? info.value.homeyModelName : '',
    language: info.status === 'fulfilled' ? info.value.language : '',
    softwareVersion: info.status === 'fulfilled' ? info.value.homeyVersion : '',
    apps: installed.map(({ id, version }) => `${id} ${version}`).join('\n'),
    appsCount: installed.length,
    users: users.status === 'fulfilled' ? Object.keys(users.value).length : 0,
  };
}
