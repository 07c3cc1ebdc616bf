import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { ApiError, badRequest, notFound } from '../../../http/errors.js';
import type { Hub } from '../../core/context.js';
import { bleState, runCommand } from '../../ble/radio.js';
import { onSignalHeard, replay, sendPronto } from '../../rf/transceiver.js';
import type { SdkRequests } from './requests.js';

type Band = '433' | '868' | 'ir';
/** A signal of app.json `signals.<band>.<id>`: its start and end pulses, its words (pulse pairs) and commands, in µs. */
interface SignalDefinition {
  sof?: number[];
  eof?: number[];
  words?: number[][];
  repetitions?: number;
  cmds?: Record<string, unknown>;
}

/** How far a heard pulse may be from the one a word names and still be that word (radio timing wanders). */
const TOLERANCE = 0.3;

function bandOf(value: unknown): Band {
  if (value !== '433' && value !== '868' && value !== 'ir') throw badRequest('A signal is of the band 433, 868 or ir');
  return value;
}

const pulses = (value: unknown, what: string): number[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((pulse) => Number.isInteger(pulse) && pulse > 0)) throw badRequest(`${what} is a list of pulse lengths in µs`);
  return value as number[];
};

function definitionOf(value: unknown, signalId: unknown): Required<Omit<SignalDefinition, 'cmds'>> & Pick<SignalDefinition, 'cmds'> {
  if (!value || typeof value !== 'object') throw notFound(`Signal ${String(signalId)} (declare it in app.json signals)`);
  const definition = value as SignalDefinition;
  const words = Array.isArray(definition.words) ? definition.words.map((word, index) => pulses(word, `Word ${index}`)) : [];
  return { sof: pulses(definition.sof, 'sof'), eof: pulses(definition.eof, 'eof'), words, repetitions: definition.repetitions ?? 1, cmds: definition.cmds };
}

/** A frame (word indexes) as pulses on the air: the start, each word's pulses, the end. */
function encode(definition: ReturnType<typeof definitionOf>, frame: unknown): number[] {
  if (!Array.isArray(frame) || frame.length === 0) throw badRequest('A frame is a list of words');
  const body = frame.map((word) => {
    const value = typeof word === 'boolean' ? Number(word) : word;
    const pulsesOfWord = Number.isInteger(value) ? definition.words[value as number] : undefined;
    if (!pulsesOfWord) throw badRequest(`The signal has no word ${String(word)} (it has ${definition.words.length})`);
    return pulsesOfWord;
  });
  return [...definition.sof, ...body.flat(), ...definition.eof];
}

const near = (heard: number, expected: number) => Math.abs(heard - expected) <= expected * TOLERANCE;
const matches = (heard: number[], expected: number[]) => heard.length === expected.length && heard.every((pulse, index) => near(pulse, expected[index]!));

/** The words of a heard signal by the definition, or undefined when it is not this signal. */
export function decode(definition: ReturnType<typeof definitionOf>, data: number[]): number[] | undefined {
  const { sof, eof, words } = definition;
  if (!words.length || !matches(data.slice(0, sof.length), sof) || !matches(data.slice(data.length - eof.length), eof)) return undefined;
  const body = data.slice(sof.length, data.length - eof.length);
  const size = words[0]!.length;
  if (body.length === 0 || body.length % size !== 0) return undefined;
  const payload: number[] = [];
  for (let at = 0; at < body.length; at += size) {
    const word = words.findIndex((candidate) => matches(body.slice(at, at + size), candidate));
    if (word < 0) return undefined;
    payload.push(word);
  }
  return payload;
}

/** The apps' signals whose receivers are on, by `<appId>:<band>:<signalId>`, each with its stop. */
const receiversOf = (hub: Hub) => hub.sdkBridge.receivers;

function enableRx(hub: Hub, appId: string, { frequency, signalId, definition }: Record<string, unknown>): void {
  const band = bandOf(frequency);
  const signal = definitionOf(definition, signalId);
  const key = `${appId}:${band}:${String(signalId)}`;
  receiversOf(hub).get(key)?.();
  const stop = onSignalHeard(hub, (heardBand, data) => {
    const payload = heardBand === band ? decode(signal, data) : undefined;
    if (payload) hub.apps.tellSdkApps(appId, { type: 'rf.payload', frequency: band, signalId, payload });
  });
  receiversOf(hub).set(key, stop);
}

function disableRx(hub: Hub, appId: string, { frequency, signalId }: Record<string, unknown>): void {
  const key = `${appId}:${bandOf(frequency)}:${String(signalId)}`;
  receiversOf(hub).get(key)?.();
  receiversOf(hub).delete(key);
}

/** Stops the receivers of an app that stopped. */
export function stopReceivers(hub: Hub, appId: string): void {
  for (const [key, stop] of receiversOf(hub)) {
    if (!key.startsWith(`${appId}:`)) continue;
    stop();
    receiversOf(hub).delete(key);
  }
}

function transmitFrame(hub: Hub, { frequency, signalId, definition, frame, repetitions }: Record<string, unknown>) {
  const band = bandOf(frequency);
  const signal = definitionOf(definition, signalId);
  const times = Number.isInteger(repetitions) && (repetitions as number) > 0 ? (repetitions as number) : signal.repetitions;
  return replay(hub, band, encode(signal, frame), times);
}

/** A command of the signal: a Pronto hex code (infrared) or a frame of its words. */
function transmitCommand(hub: Hub, args: Record<string, unknown>) {
  const signal = definitionOf(args.definition, args.signalId);
  const command = signal.cmds && Object.hasOwn(signal.cmds, String(args.commandId)) ? signal.cmds[String(args.commandId)] : undefined;
  if (command === undefined) throw notFound(`Command ${String(args.commandId)} of signal ${String(args.signalId)}`);
  const times = Number.isInteger(args.repetitions) && (args.repetitions as number) > 0 ? (args.repetitions as number) : signal.repetitions;
  if (typeof command === 'string') return sendPronto(hub, command, times);
  return transmitFrame(hub, { ...args, frame: command, repetitions: times });
}

/** A BLE advertisement of the simulated radio as the SDK's BleAdvertisement holds it. */
const asSdkAdvertisement = (ad: ReturnType<typeof bleState>['advertisements'][string]) => ({
  id: ad.address, uuid: ad.address, address: ad.address, addressType: 'public', connectable: ad.connectable,
  localName: ad.localName ?? '', serviceUuids: ad.serviceUuids, rssi: ad.rssi,
});

function discover(hub: Hub, { serviceFilter }: Record<string, unknown>) {
  const filter = Array.isArray(serviceFilter) ? serviceFilter.map((uuid) => String(uuid).toLowerCase()) : [];
  const { advertisements } = runCommand(hub, 'discover', {}) as { advertisements: Array<ReturnType<typeof bleState>['advertisements'][string]> };
  return advertisements.filter((ad) => !filter.length || ad.serviceUuids.some((uuid) => filter.includes(uuid))).map(asSdkAdvertisement);
}

/** The MAC address of a neighbour on the hub's network, from the kernel's ARP table. */
async function macOf(ip: unknown): Promise<string> {
  if (typeof ip !== 'string' || !isIP(ip)) throw badRequest('getMAC takes an IP address');
  const table = await readFile('/proc/net/arp', 'utf-8').catch(() => {
    throw new ApiError(503, 'unavailable', 'This hub\'s system has no ARP table to read (/proc/net/arp)');
  });
  const row = table.split('\n').slice(1).map((line) => line.trim().split(/\s+/)).find((fields) => fields[0] === ip && fields[3] !== '00:00:00:00:00:00');
  if (!row) throw notFound(`No MAC address is known for ${ip}`);
  return row[3]!;
}

export const radioRequests: SdkRequests = {
  'ble.discover': (hub, _appId, args) => discover(hub, args),
  'ble.find': (hub, _appId, { uuid }) => asSdkAdvertisement(runCommand(hub, 'find', { address: String(uuid) }) as ReturnType<typeof bleState>['advertisements'][string]),
  'rf.tx': (hub, _appId, args) => transmitFrame(hub, args),
  'rf.cmd': (hub, _appId, args) => transmitCommand(hub, args),
  'rf.enableRX': enableRx,
  'rf.disableRX': disableRx,
  'arp.getMAC': (_hub, _appId, { ip }) => macOf(ip),
};
