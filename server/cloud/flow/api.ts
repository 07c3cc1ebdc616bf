import * as manifest from '../../../generated/cloud/flow.operations.js';
import type { operations } from '../../../generated/cloud/flow.js';
import { defineGuardedApi, scopesSuffice } from '../../http/api.js';
import type { Clock } from '../../http/clock.js';
import type { ServiceContext } from '../../http/service.js';
import type { CloudSession } from '../callers/identity.js';
import type { FlowDb } from './db.js';
import { requireSharedFlow, shareFlow } from './shared-flows.js';

export type FlowContext = ServiceContext<{ db: FlowDb; clock: Clock }, CloudSession>;

export const flowApi = defineGuardedApi<operations, typeof manifest.operations, FlowContext>(manifest, {
  shareFlow: { guard: scopesSuffice, handle: ({ data }, { session, service }) => shareFlow(service.db, session.userId, data, service.clock.now()) },
  getFlow: ({ flowId }, { service }) => requireSharedFlow(service.db, flowId),
});
