import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/rf.js';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import type { HubService, Nothing } from '../core/service.js';
import { radioChanged } from '../radios/changes.js';
import { parsePronto, prontoDurationMs } from './pronto.js';

type Frequency = components['schemas']['RfFrequency'];
type Signal = components['schemas']['Signal'];
type Transmission = components['schemas']['RfTransmission'];
type Config = components['schemas']['Rf433Config'];

/** The latest recorded signals kept; older ones are deleted. */
export const KEPT_SIGNALS = 100;
const DEFAULT_CONFIG: Config = { modulation: 'ASK', carrier: 433_920_000, deviation: 0, channelSpacing: 200_000, filterBandwidth: 325_000, baudrate: 4800, power: 10 };
const CARRIER_868_HZ = 868_300_000;
const IR_CARRIER_HZ = 38_000;
const bandName = (frequency: Frequency) => (frequency === 'ir' ? 'infrared' : `${frequency} MHz`);

interface Recording {
  hear(data: number[]): Signal;
  cancel(): void;
}
type Hearer = (frequency: Frequency, data: number[]) => void;

/** What the transceiver listens with while the hub runs: the rf service's, only this module reads it. */
export interface RfListening {
  /** Recordings in progress, by band. */
  recordings: Map<Frequency, Recording>;
  /** Who else hears each band (apps' signals with their receivers on), beside a recording. */
  hearers: Set<Hearer>;
}

declare module '../core/context.js' {
  interface Hub {
    rf: RfListening;
  }
}

/** `hearer` hears every signal the hub hears from now on, until the returned stop is called. */
export function onSignalHeard(hub: Pick<Hub, 'rf'>, hearer: Hearer): () => void {
  hub.rf.hearers.add(hearer);
  return () => hub.rf.hearers.delete(hearer);
}

/** The hub stops: recordings stop listening. */
export function closeRecordings(hub: Pick<Hub, 'rf'>): void {
  for (const recording of hub.rf.recordings.values()) recording.cancel();
  hub.rf.recordings.clear();
}

/** The transceiver's listening, started with the hub; stopping it ends the recordings in progress. */
export const rfTransceiver: HubService<Nothing, Pick<Hub, 'rf'>> = {
  name: 'rf transceiver',
  start: () => {
    const rf: RfListening = { recordings: new Map(), hearers: new Set() };
    return { gives: { rf }, stop: () => closeRecordings({ rf }) };
  },
};

export const config433 = (hub: HubCore): Config => hub.settings.get<Config>('rf.mhz433') ?? DEFAULT_CONFIG;

export function rfState(hub: HubCore & Pick<Hub, 'rf'>) {
  return {
    mhz433: config433(hub),
    recording: [...hub.rf.recordings.keys()],
    lastTransmission: hub.settings.get<Transmission>('rf.lastTransmission') ?? null,
    signalCount: hub.store.count('signal'),
  };
}

export function set433Config(hub: HubCore & Pick<Hub, 'radioChanges'>, changes: Partial<Config>): Config {
  const config: Config = { ...config433(hub) };
  for (const key of Object.keys(DEFAULT_CONFIG) as Array<keyof Config>) if (changes[key] !== undefined) Object.assign(config, { [key]: changes[key] });
  if (config.modulation !== 'FSK' && config.modulation !== 'GFSK' && config.deviation !== 0) {
    throw badRequest(`A deviation applies to FSK and GFSK only, not ${config.modulation}: set it to 0`);
  }
  hub.settings.set('rf.mhz433', config);
  radioChanged(hub, 'rf');
  return config;
}

function store(hub: HubCore, frequency: Frequency, data: number[]): Signal {
  return hub.store.transaction(() => {
    const signal = hub.store.insert('signal', { id: randomUUID(), frequency, data, recordedAt: new Date(hub.now()).toISOString() });
    const all = hub.store.values('signal').sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
    for (const old of all.slice(0, Math.max(0, all.length - KEPT_SIGNALS))) hub.store.remove('signal', old.id);
    return signal;
  });
}

/** Listens on a band until a signal is heard (stored and answered) or the time-out passes on the hub clock (408). */
export function record(hub: HubCore & Pick<Hub, 'radioChanges' | 'rf'>, frequency: Frequency, timeoutMs: number): Promise<Signal> {
  const byBand = hub.rf.recordings;
  if (byBand.has(frequency)) throw conflict(`The ${bandName(frequency)} band is already being recorded`);
  return new Promise((resolve, reject) => {
    const cancel = hub.clock.at(hub.now() + timeoutMs, () => {
      byBand.delete(frequency);
      radioChanged(hub, 'rf');
      reject(new ApiError(408, 'timeout', `No ${bandName(frequency)} signal was heard within ${timeoutMs} ms`));
    });
    byBand.set(frequency, {
      cancel() {
        cancel();
        reject(new ApiError(503, 'unavailable', 'The hub stopped while recording'));
      },
      hear(data) {
        cancel();
        byBand.delete(frequency);
        const signal = store(hub, frequency, data);
        resolve(signal);
        return signal;
      },
    });
    radioChanged(hub, 'rf');
  });
}

const bands = new Set<string>(['433', '868', 'ir']);

/** The hub hears a signal as if a remote sent it: a recording of the band gets it. */
export function emulate(hub: HubCore & Pick<Hub, 'rf'>, band: string, data: number[]): { recorded: string | null } {
  if (!bands.has(band)) throw notFound(`Band ${band} (the bands are 433, 868 and ir)`);
  const recording = hub.rf.recordings.get(band as Frequency);
  for (const hearer of hub.rf.hearers) hearer(band as Frequency, data);
  return { recorded: recording ? recording.hear(data).id : null };
}

function transmit(hub: HubCore & Pick<Hub, 'radioChanges'>, transmission: Omit<Transmission, 'at'>): Transmission {
  const sent: Transmission = { ...transmission, at: new Date(hub.now()).toISOString() };
  hub.settings.set('rf.lastTransmission', sent);
  radioChanged(hub, 'rf');
  return sent;
}

export function replay(hub: HubCore & Pick<Hub, 'radioChanges'>, frequency: Frequency, data: number[], repetitions = 1): Transmission {
  const carrierHz = frequency === '433' ? config433(hub).carrier : frequency === '868' ? CARRIER_868_HZ : IR_CARRIER_HZ;
  const airUs = data.reduce((total, value) => total + value, 0) * repetitions;
  return transmit(hub, { frequency, carrierHz, pulses: data.length, repetitions, durationMs: Math.round(airUs / 100) / 10 });
}

export function sendPronto(hub: HubCore & Pick<Hub, 'radioChanges'>, payload: string, repetitions: number): Transmission {
  const code = parsePronto(payload);
  const pulses = code.once.length + code.repeat.length;
  return transmit(hub, { frequency: 'ir', carrierHz: code.carrierHz, pulses, repetitions, durationMs: prontoDurationMs(code, repetitions) });
}
