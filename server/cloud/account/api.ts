import * as manifest from '../../../generated/cloud/account.operations.js';
import type { operations } from '../../../generated/cloud/account.js';
import { defineGuardedApi } from '../../http/api.js';
import type { AccountContext } from './context.js';
import { hubHandlers } from './api/hubs.js';
import { mailHandlers } from './api/mail.js';
import { peripheralHandlers } from './api/peripherals.js';
import { selfHostedHandlers } from './api/self-hosted.js';
import { sessionHandlers } from './api/sessions.js';
import { statisticsHandlers } from './api/statistics.js';
import { dispatchedOperations } from './api/table.js';
import { userRecordHandlers } from './api/user-records.js';
import { userHandlers } from './api/users.js';

export { rawOperations } from './api/table.js';

/** The account service's operations, one table per resource; each operation's guard is beside its handler (see guards.ts). */
export const accountApi = defineGuardedApi<operations, typeof dispatchedOperations, AccountContext>(
  { manager: manifest.manager, operations: dispatchedOperations },
  { ...userHandlers, ...userRecordHandlers, ...sessionHandlers, ...hubHandlers, ...selfHostedHandlers, ...peripheralHandlers, ...mailHandlers, ...statisticsHandlers },
);
