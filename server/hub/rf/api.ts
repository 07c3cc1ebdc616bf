import * as manifest from '../../../generated/hub/rf.operations.js';
import type { operations } from '../../../generated/hub/rf.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { emulate, record, replay, rfState, sendPronto, set433Config } from './transceiver.js';

const DEFAULT_RECORD_MS = 10_000;

export const rf = defineApi<operations, typeof manifest.operations, HubContextOf<'radioChanges' | 'rf'>>(manifest, {
  getState: (_args, { hub }) => rfState(hub),
  record: ({ frequency = '433', timeout = DEFAULT_RECORD_MS }, { hub }) => record(hub, frequency, timeout),
  replay: ({ frequency, data }, { hub }) => replay(hub, frequency, data),
  emulate: ({ frequency, data }, { hub }) => emulate(hub, frequency, data),
  set433MHzConfig: ({ modulation, carrier, deviation, channelSpacing, filterBandwidth, baudrate, power }, { hub }) =>
    set433Config(hub, { modulation, carrier, deviation, channelSpacing, filterBandwidth, baudrate, power }),
  txInfraredProntohex: ({ payload, repetitions = 1 }, { hub }) => sendPronto(hub, payload, repetitions),
});
