import * as manifest from '../../../generated/hub/database.operations.js';
import type { operations } from '../../../generated/hub/database.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { databaseState, optimizeDatabase } from './optimize.js';

export const database = defineApi<operations, typeof manifest.operations, HubContextOf<never>>(manifest, {
  getState: (_args, { hub }) => databaseState(hub),
  optimizeDatabase: (_args, { hub }) => optimizeDatabase(hub),
});
