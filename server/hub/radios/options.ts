import { badRequest } from '../../http/errors.js';

/** A command's options arrive as a free object: these read one option, with a clear 400 when it is wrong. */
export function integerOption(opts: Record<string, unknown>, name: string, min: number, max: number): number {
  const value = Object.hasOwn(opts, name) ? opts[name] : undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw badRequest(`opts.${name} must be an integer from ${min} to ${max}`);
  }
  return value;
}

export function stringOption(opts: Record<string, unknown>, name: string): string {
  const value = Object.hasOwn(opts, name) ? opts[name] : undefined;
  if (typeof value !== 'string' || value.length === 0) throw badRequest(`opts.${name} must be a non-empty string`);
  return value;
}

export const unknownCommand = (command: string, known: readonly string[]) =>
  badRequest(`Unknown command: ${command} (known: ${known.join(', ')})`);
