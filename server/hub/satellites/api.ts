import * as manifest from '../../../generated/hub/satellites.operations.js';
import type { operations } from '../../../generated/hub/satellites.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { debugLog, satellitesState, setDebugLogging } from './satellites.js';

export const satellites = defineApi<operations, typeof manifest.operations, HubContextOf<'satellites'>>(manifest, {
  getState: (_args, { hub }) => satellitesState(hub),
  setDebugLogging: (args, { hub }) => setDebugLogging(hub, args),
  getDebugLog: ({ serial }, { hub }) => debugLog(hub, serial),
});
