import * as manifest from '../../../generated/cloud/account.operations.js';
import type { operations } from '../../../generated/cloud/account.js';
import { defineApi } from '../../http/api.js';
import type { AccountContext } from './context.js';
import { hubGuards, hubHandlers } from './api/hubs.js';
import { mailGuards, mailHandlers } from './api/mail.js';
import { peripheralGuards, peripheralHandlers } from './api/peripherals.js';
import { selfHostedGuards, selfHostedHandlers } from './api/self-hosted.js';
import { sessionGuards, sessionHandlers } from './api/sessions.js';
import { statisticsGuards, statisticsHandlers } from './api/statistics.js';
import { dispatchedOperations } from './api/table.js';
import { userRecordGuards, userRecordHandlers } from './api/user-records.js';
import { userGuards, userHandlers } from './api/users.js';

export { rawOperations } from './api/table.js';

/** The account service's operations, one table per resource; each operation names its guard (see guards.ts). */
export const accountApi = defineApi<operations, typeof dispatchedOperations, AccountContext>(
  { manager: manifest.manager, operations: dispatchedOperations },
  { ...userHandlers, ...userRecordHandlers, ...sessionHandlers, ...hubHandlers, ...selfHostedHandlers, ...peripheralHandlers, ...mailHandlers, ...statisticsHandlers },
  {
    guards: {
      ...userGuards,
      ...userRecordGuards,
      ...sessionGuards,
      ...hubGuards,
      ...selfHostedGuards,
      ...peripheralGuards,
      ...mailGuards,
      ...statisticsGuards,
    },
  },
);
