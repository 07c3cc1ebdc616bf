import type { components } from '../../../generated/hub/coprocessor.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { radioChanged } from '../radios/changes.js';
import type { LogLine } from '../radios/network.js';

type Modulation = components['schemas']['Modulation'];
type Config = components['schemas']['PeripheralConfig'];
type Bridge = components['schemas']['Bridge'];

interface Peripheral {
  /** The carrier band (Hz). */
  band: [number, number];
  modulation: Modulation;
}
const peripherals = new Map<string, Peripheral>([
  ['rf433', { band: [433_050_000, 434_790_000], modulation: { type: 'ASK', carrier: 433_920_000, baudRate: 4800, channelSpacing: 200_000, channelDeviation: 0 } }],
  ['rf868', { band: [863_000_000, 870_000_000], modulation: { type: 'FSK', carrier: 868_300_000, baudRate: 38_400, channelSpacing: 200_000, channelDeviation: 20_000 } }],
  ['ir', { band: [30_000, 60_000], modulation: { type: 'OOK', carrier: 38_000, baudRate: 2000, channelSpacing: 0, channelDeviation: 0 } }],
]);
const LOG_LINES = 200;

function requirePeripheral(id: string): Peripheral {
  const peripheral = peripherals.get(id);
  if (!peripheral) throw notFound(`Peripheral ${id} (the coprocessor drives ${[...peripherals.keys()].join(', ')})`);
  return peripheral;
}

const configOf = (hub: HubCore, id: string) => hub.settings.get<Config>(`coprocessor.${id}.config`) ?? {};
const modulationOf = (hub: HubCore, id: string) => hub.settings.get<Modulation>(`coprocessor.${id}.modulation`) ?? requirePeripheral(id).modulation;
const bridges = (hub: HubCore) => hub.settings.get<Record<string, Bridge>>('coprocessor.bridges') ?? {};
const debug = (hub: HubCore) => hub.settings.get<Record<string, boolean>>('coprocessor.debug') ?? {};

/** Logs a change of the state (to the bridge log) and announces the new state. */
function changed(hub: HubCore & Pick<Hub, 'radioChanges'>, message: string): void {
  const lines = hub.settings.get<LogLine[]>('coprocessor.log') ?? [];
  hub.settings.set('coprocessor.log', [...lines, { time: new Date(hub.now()).toISOString(), message }].slice(-LOG_LINES));
  radioChanged(hub, 'coprocessor');
}

export const readLog = (hub: HubCore): LogLine[] => hub.settings.get<LogLine[]>('coprocessor.log') ?? [];
export const listBridges = bridges;

export function coprocessorState(hub: HubCore) {
  const all = [...peripherals.keys()].map((id) => [id, { config: configOf(hub, id), modulation: modulationOf(hub, id) }]);
  return { peripherals: Object.fromEntries(all), debug: debug(hub), bridgeCount: Object.keys(bridges(hub)).length };
}

export function setConfig(hub: HubCore & Pick<Hub, 'radioChanges'>, id: string, changes: Record<string, string | number | boolean | null>): Config {
  requirePeripheral(id);
  const config: Config = { ...configOf(hub, id) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete config[key];
    else Object.defineProperty(config, key, { value, enumerable: true, writable: true, configurable: true });
  }
  hub.settings.set(`coprocessor.${id}.config`, config);
  changed(hub, `${id} configured: ${JSON.stringify(config)}`);
  return config;
}

export function setModulation(hub: HubCore & Pick<Hub, 'radioChanges'>, id: string, changes: Partial<Modulation>): Modulation {
  const { band } = requirePeripheral(id);
  const modulation = { ...modulationOf(hub, id) };
  for (const key of ['type', 'carrier', 'baudRate', 'channelSpacing', 'channelDeviation'] as const) {
    if (changes[key] !== undefined) Object.assign(modulation, { [key]: changes[key] });
  }
  if (modulation.carrier < band[0] || modulation.carrier > band[1]) throw badRequest(`The ${id} carrier must be from ${band[0]} to ${band[1]} Hz, not ${modulation.carrier}`);
  if (modulation.channelDeviation !== 0 && modulation.type !== 'FSK' && modulation.type !== 'GFSK') {
    throw badRequest(`A channel deviation applies to FSK and GFSK only, not ${modulation.type}: set it to 0`);
  }
  hub.settings.set(`coprocessor.${id}.modulation`, modulation);
  changed(hub, `${id} modulation: ${modulation.type} at ${modulation.carrier} Hz, ${modulation.baudRate} Bd`);
  return modulation;
}

export function pairBridge(hub: HubCore & Pick<Hub, 'radioChanges'>, serialHash: string): Bridge {
  const all = bridges(hub);
  const id = serialHash.slice(0, 12);
  if (Object.hasOwn(all, id)) throw conflict(`Bridge ${id} is already paired`);
  const bridge: Bridge = { id, serialHash, pairedAt: new Date(hub.now()).toISOString() };
  hub.settings.set('coprocessor.bridges', { ...all, [id]: bridge });
  changed(hub, `Bridge ${id} paired`);
  return bridge;
}

export function setDebug(hub: HubCore & Pick<Hub, 'radioChanges'>, peripheral: string | undefined, enabled: boolean): void {
  const key = peripheral ?? 'all';
  hub.settings.set('coprocessor.debug', { ...debug(hub), [key]: enabled });
  changed(hub, `Debug logging ${enabled ? 'on' : 'off'} for ${peripheral ?? 'the coprocessor'}`);
}
