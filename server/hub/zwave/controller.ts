import type { components } from '../../../generated/hub/zwave.js';
import { conflict } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { hubOption } from '../core/options.js';
import { radioChanged } from '../radios/changes.js';
import { type LogLine } from '../radios/network.js';
import { integerOption, stringOption, unknownCommand } from '../radios/options.js';

type Region = components['schemas']['ZwaveRegion'];
type ZwaveState = components['schemas']['ZwaveState'];

const DEFAULT_INCLUSION_SECONDS = 60;
const commands = ['startInclusion', 'stopInclusion', 'pingNode', 'removeNode', 'healNetwork'] as const;

const region = (hub: HubCore): Region => hub.settings.get<Region>('radio.zwave.region') ?? 'EU';
/** The option that forces a region (a hub sold for one market), announced as `option.update` like every option. */
const regionOverrideOption = hubOption<Region | null>('zwave', 'regionOverride', () => null);
export const regionOverride = regionOverrideOption.get;

export function zwaveState(hub: HubCore & Pick<Hub, 'radios'>): ZwaveState {
  const { panId, permitJoinUntil, nodes } = hub.radios.network('zwave').state();
  return {
    homeId: panId.toString(16).padStart(8, '0'),
    region: region(hub),
    regionOverride: regionOverride(hub),
    effectiveRegion: regionOverride(hub) ?? region(hub),
    inclusionUntil: permitJoinUntil,
    logEnabled: hub.settings.get<boolean>('radio.zwave.logEnabled') === true,
    lbtThreshold: hub.settings.get<number>('radio.zwave.lbtThreshold') ?? -70,
    nodes,
  };
}

export function setRegion(hub: HubCore & Pick<Hub, 'radioChanges' | 'radios'>, value: Region): void {
  const forced = regionOverride(hub);
  if (forced) throw conflict(`The region is forced to ${forced} by the regionOverride option: unset it first`);
  hub.settings.set('radio.zwave.region', value);
  hub.radios.network('zwave').note(`Region set to ${value}`);
  radioChanged(hub, 'zwave');
}

export function setRegionOverride(hub: HubCore & Pick<Hub, 'radioChanges' | 'radios'>, value: Region | null): void {
  if (value === null) regionOverrideOption.unset(hub);
  else regionOverrideOption.set(hub, value);
  hub.radios.network('zwave').note(value === null ? 'Region override removed' : `Region forced to ${value}`);
  radioChanged(hub, 'zwave');
}

export function setLogEnabled(hub: HubCore & Pick<Hub, 'radioChanges' | 'radios'>, enabled: boolean): void {
  if (!enabled) hub.radios.network('zwave').note('Log stopped');
  hub.settings.set('radio.zwave.logEnabled', enabled);
  if (enabled) hub.radios.network('zwave').note('Log started');
  radioChanged(hub, 'zwave');
}

export const readLog = (hub: HubCore) => ({
  enabled: hub.settings.get<boolean>('radio.zwave.logEnabled') === true,
  lines: hub.settings.get<LogLine[]>('radio.zwave.log') ?? [],
});

export function setLbtThreshold(hub: HubCore & Pick<Hub, 'radioChanges' | 'radios'>, threshold: number): void {
  hub.settings.set('radio.zwave.lbtThreshold', threshold);
  hub.radios.network('zwave').note(`Listen-before-talk threshold set to ${threshold} dBm`);
  radioChanged(hub, 'zwave');
}

export function attemptNvmFix(hub: HubCore & Pick<Hub, 'radios'>) {
  const zwave = hub.radios.network('zwave');
  const checked = Object.keys(zwave.state().nodes).length;
  const reinterviewed = zwave.reinterview();
  zwave.note(`NVM check: ${checked} nodes, ${reinterviewed} interviewed again`);
  return { checked, reinterviewed };
}

export function runCommand(hub: HubCore & Pick<Hub, 'radios'>, command: string, opts: Record<string, unknown>): Record<string, unknown> {
  const zwave = hub.radios.network('zwave');
  switch (command) {
    case 'startInclusion': {
      const duration = Object.hasOwn(opts, 'duration') ? integerOption(opts, 'duration', 1, 254) : DEFAULT_INCLUSION_SECONDS;
      zwave.note(`Inclusion started for ${duration} s`);
      return { inclusionUntil: zwave.permitJoin(duration).permitJoinUntil };
    }
    case 'stopInclusion':
      zwave.note('Inclusion stopped');
      return { inclusionUntil: zwave.permitJoin(0).permitJoinUntil };
    case 'pingNode': {
      const node = zwave.ping(stringOption(opts, 'id'));
      return { id: node.id, reachable: true, lastSeen: node.lastSeen };
    }
    case 'removeNode': {
      const id = stringOption(opts, 'id');
      zwave.leave(id);
      return { removed: id };
    }
    case 'healNetwork': {
      const nodes = Object.keys(zwave.state().nodes).length;
      zwave.note(`Network heal: ${nodes} nodes`);
      return { healed: nodes };
    }
    default:
      throw unknownCommand(command, commands);
  }
}
