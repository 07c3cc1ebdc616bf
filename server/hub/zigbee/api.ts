import * as manifest from '../../../generated/hub/zigbee.operations.js';
import type { operations } from '../../../generated/hub/zigbee.js';
import { defineApi } from '../../http/api.js';
import type { Hub, HubContextOf, HubCore } from '../core/context.js';
import { integerOption, stringOption, unknownCommand } from '../radios/options.js';
import { checkFirmware, eraseNV, flash, lastFlash, zigbeeState } from './firmware.js';

const commands = ['permitJoin', 'setChannel', 'pingNode', 'removeNode'] as const;

function runCommand(hub: HubCore & Pick<Hub, 'radios'>, command: string, opts: Record<string, unknown>): Record<string, unknown> {
  const zigbee = hub.radios.network('zigbee');
  switch (command) {
    case 'permitJoin':
      return { permitJoinUntil: zigbee.permitJoin(integerOption(opts, 'duration', 0, 254)).permitJoinUntil };
    case 'setChannel':
      return { channel: zigbee.update({ channel: integerOption(opts, 'channel', 11, 26) }).channel };
    case 'pingNode': {
      const node = zigbee.ping(stringOption(opts, 'id'));
      return { id: node.id, reachable: true, lastSeen: node.lastSeen };
    }
    case 'removeNode': {
      const id = stringOption(opts, 'id');
      zigbee.leave(id);
      return { removed: id };
    }
    default:
      throw unknownCommand(command, commands);
  }
}

export const zigbee = defineApi<operations, typeof manifest.operations, HubContextOf<'radioChanges' | 'radios'>>(manifest, {
  getState: (_args, { hub }) => zigbeeState(hub),
  runCommand: ({ command, opts = {} }, { hub }) => runCommand(hub, command, opts),
  verifyFirmware: (_args, { hub }) => checkFirmware(hub),
  flashFirmware: ({ keepNV = true }, { hub }) => flash(hub, keepNV),
  getLastFlashResult: (_args, { hub }) => lastFlash(hub),
  eraseNV: (_args, { hub }) => eraseNV(hub),
  joinSimulatedNode: ({ driver, manufacturer, model }, { hub }) => hub.radios.network('zigbee').join(driver, { manufacturer, model }),
  reportSimulatedNode: ({ id, values }, { hub }) => hub.radios.network('zigbee').report(id, values),
  leaveSimulatedNode: ({ id }, { hub }) => hub.radios.network('zigbee').leave(id),
});
