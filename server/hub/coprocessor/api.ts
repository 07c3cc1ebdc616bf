import * as manifest from '../../../generated/hub/coprocessor.operations.js';
import type { operations } from '../../../generated/hub/coprocessor.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { coprocessorState, listBridges, pairBridge, readLog, setConfig, setDebug, setModulation } from './peripherals.js';

export const coprocessor = defineApi<operations, typeof manifest.operations, HubContextOf<'radioChanges'>>(manifest, {
  getState: (_args, { hub }) => coprocessorState(hub),
  setPeripheralConfig: ({ deviceId, config }, { hub }) => setConfig(hub, deviceId, config),
  setModulation: ({ deviceId, type, carrier, baudRate, channelSpacing, channelDeviation }, { hub }) =>
    setModulation(hub, deviceId, { type, carrier, baudRate, channelSpacing, channelDeviation }),
  getBridges: (_args, { hub }) => listBridges(hub),
  pairBridge: ({ serialHash }, { hub }) => pairBridge(hub, serialHash),
  getBridgeLog: (_args, { hub }) => readLog(hub),
  setDebugLogging: ({ peripheral, enabled }, { hub }) => setDebug(hub, peripheral, enabled),
});
