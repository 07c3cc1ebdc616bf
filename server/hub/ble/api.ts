import * as manifest from '../../../generated/hub/ble.operations.js';
import type { operations } from '../../../generated/hub/ble.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { advertise, bleState, goAway, runCommand } from './radio.js';

export const ble = defineApi<operations, typeof manifest.operations, HubContextOf<'radioChanges'>>(manifest, {
  getState: (_args, { hub }) => bleState(hub),
  runCommand: ({ command, opts = {} }, { hub }) => runCommand(hub, command, opts),
  addSimulatedAdvertisement: (input, { hub }) => advertise(hub, input),
  removeSimulatedAdvertisement: ({ address }, { hub }) => goAway(hub, address),
});
