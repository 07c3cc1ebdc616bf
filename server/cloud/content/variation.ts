import { createHash } from 'node:crypto';

/** A number in [0, 1) fixed by `seed`: the same seed always draws the same number, on every machine. */
export function draw(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * A quantity `name` at a place that wanders over time: one draw per `stepMs` for the place's cell, blended with a
 * cosine between steps, so that it is the same at the same time and place and changes smoothly from hour to hour.
 */
export function variation(name: string, cell: string, ms: number, stepMs: number): number {
  const step = Math.floor(ms / stepMs);
  const fraction = (ms - step * stepMs) / stepMs;
  const weight = (1 - Math.cos(Math.PI * fraction)) / 2;
  return draw(`${name}:${cell}:${step}`) * (1 - weight) + draw(`${name}:${cell}:${step + 1}`) * weight;
}

/** The 0.5° cell of a place: places a few kilometres apart share their weather. */
export const cellOf = (latitude: number, longitude: number) => `${Math.round(latitude * 2)}:${Math.round(longitude * 2)}`;
