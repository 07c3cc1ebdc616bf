import * as manifest from '../../../generated/hub/api.operations.js';
import type { operations } from '../../../generated/hub/api.js';
import { hubApis as manifests } from '../../../generated/hub/index.js';
import { defineApi } from '../../http/api.js';
import type { Hub, HubContextOf, HubCore } from '../core/context.js';

type ApiState = operations['getState']['responses'][200]['content']['application/json'];

/** The managers the Web API serves (from the contract it runs) and the running apps with routes of their own. */
export function apiState(hub: HubCore & Pick<Hub, 'apps'>): ApiState {
  const managers: ApiState['managers'] = {};
  let operationCount = 0;
  for (const [id, { manager, operations: ops }] of Object.entries(manifests)) {
    const count = Object.keys(ops).length;
    managers[id] = { id, uri: manager.uri, operationCount: count };
    operationCount += count;
  }
  const apps = [...hub.apps.packages.entries()]
    .filter(([id, pack]) => pack.manifest.api.length > 0 && hub.apps.isRunning(id))
    .map(([id]) => ({ id, basePath: `/api/app/${id}/` }));
  return { managers, operationCount, apps };
}

export const api = defineApi<operations, typeof manifest.operations, HubContextOf<'apps'>>(manifest, {
  getState: (_args, { hub }) => apiState(hub),
});
