import { badRequest } from '../../http/errors.js';

/** One unit of a Pronto frequency word, in µs: the carrier period is word × this. */
const PRONTO_CLOCK_US = 0.241246;

export interface ProntoCode {
  carrierHz: number;
  /** Durations (µs) of the once sequence and of the repeat sequence, on/off alternating. */
  once: number[];
  repeat: number[];
}

/**
 * Reads a learned Pronto hex code: `0000 <frequency word> <once pairs> <repeat pairs>` followed by exactly that
 * many on/off pairs, each a count of carrier periods. Anything else is a 400 that says what is wrong.
 */
export function parsePronto(payload: string): ProntoCode {
  const words = payload.trim().split(/\s+/);
  const bad = words.findIndex((word) => !/^[0-9a-fA-F]{4}$/.test(word));
  if (bad >= 0) throw badRequest(`Pronto word ${bad + 1} ("${words[bad]!.slice(0, 10)}") is not 4 hexadecimal digits`);
  if (words.length < 6) throw badRequest(`A Pronto code has at least 6 words (a header of 4 and one burst pair), not ${words.length}`);
  const [format, frequencyWord, onceCount, repeatCount] = words.slice(0, 4).map((word) => parseInt(word, 16)) as [number, number, number, number];
  if (format !== 0) throw badRequest(`Only learned Pronto codes (format 0000) can be sent, not format ${words[0]}`);
  if (frequencyWord === 0) throw badRequest('The Pronto frequency word must not be 0000');
  if (onceCount + repeatCount === 0) throw badRequest('The Pronto code has no burst pairs: both counts are 0000');
  const expected = 4 + 2 * (onceCount + repeatCount);
  if (words.length !== expected) {
    throw badRequest(`The burst pair counts (${onceCount} once + ${repeatCount} repeat) need ${expected} words, the payload has ${words.length}`);
  }
  const periodUs = frequencyWord * PRONTO_CLOCK_US;
  const durations = words.slice(4).map((word) => parseInt(word, 16));
  if (durations.includes(0)) throw badRequest('A Pronto burst duration must not be 0000');
  const toUs = (counts: number[]) => counts.map((count) => Math.round(count * periodUs));
  return {
    carrierHz: Math.round(1_000_000 / periodUs),
    once: toUs(durations.slice(0, 2 * onceCount)),
    repeat: toUs(durations.slice(2 * onceCount)),
  };
}

/** Air time (ms) of a code sent `repetitions` times: the once sequence, then the repeat sequence each time (or the once sequence again when there is none). */
export function prontoDurationMs({ once, repeat }: ProntoCode, repetitions: number): number {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const us = repeat.length > 0 ? sum(once) + repetitions * sum(repeat) : repetitions * sum(once);
  return Math.round(us / 100) / 10;
}
