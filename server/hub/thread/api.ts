import * as manifest from '../../../generated/hub/thread.operations.js';
import type { operations } from '../../../generated/hub/thread.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { execute, getDataset, lastScan, rescan, reset, setDataset, setEnabled, threadState, topology } from './border-router.js';

export const thread = defineApi<operations, typeof manifest.operations, HubContextOf<'radioChanges'>>(manifest, {
  getState: (_args, { hub }) => threadState(hub),
  getActiveDataset: (_args, { hub }) => getDataset(hub),
  setActiveDataset: ({ tlvHex }, { hub }) => setDataset(hub, tlvHex),
  apiReset: (_args, { hub }) => reset(hub),
  executeCommand: ({ command, preventThreadSetup = false }, { hub }) => ({ output: execute(hub, command, preventThreadSetup) }),
  apiDisable: (_args, { hub }) => setEnabled(hub, false),
  apiEnable: (_args, { hub }) => setEnabled(hub, true),
  getNetworkTopology: (_args, { hub }) => topology(hub),
  getDiscoveredBorderRouters: (_args, { hub }) => lastScan(hub),
  rescanBorderRouters: (_args, { hub }) => rescan(hub),
});
