import * as manifest from '../../../generated/hub/zwave.operations.js';
import type { operations } from '../../../generated/hub/zwave.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { attemptNvmFix, readLog, regionOverride, runCommand, setLbtThreshold, setLogEnabled, setRegion, setRegionOverride, zwaveState } from './controller.js';

export const zwave = defineApi<operations, typeof manifest.operations, HubContextOf<'radioChanges' | 'radios'>>(manifest, {
  getState: (_args, { hub }) => zwaveState(hub),
  runCommand: ({ command, opts = {} }, { hub }) => runCommand(hub, command, opts),
  setRegion: ({ region }, { hub }) => setRegion(hub, region),
  getLog: (_args, { hub }) => readLog(hub),
  setLogEnabled: ({ enabled }, { hub }) => setLogEnabled(hub, enabled),
  setLbtThreshold: ({ threshold }, { hub }) => setLbtThreshold(hub, threshold),
  attemptNvmFix: (_args, { hub }) => attemptNvmFix(hub),
  getOptionRegionOverride: (_args, { hub }) => ({ value: regionOverride(hub) }),
  setOptionRegionOverride: ({ value }, { hub }) => setRegionOverride(hub, value),
  unsetOptionRegionOverride: (_args, { hub }) => setRegionOverride(hub, null),
  joinSimulatedNode: ({ driver, manufacturer, model }, { hub }) => hub.radios.network('zwave').join(driver, { manufacturer, model }),
  reportSimulatedNode: ({ id, values }, { hub }) => hub.radios.network('zwave').report(id, values),
  leaveSimulatedNode: ({ id }, { hub }) => hub.radios.network('zwave').leave(id),
});
