import { badRequest } from '../../http/errors.js';
import type { CommandClassDefinition } from './command-class.js';
import type { RadioNode } from './node.js';
import { profileOf } from './profiles.js';

/**
 * COMMAND_CLASS_CONFIGURATION (0x70): the parameters of a node's hardware (profiles.ts), each of 1, 2 or 4 bytes,
 * signed. CONFIGURATION_SET sets one (or its default), CONFIGURATION_GET answers its REPORT. A value set is kept on
 * the node (Network.remember, `configuration.<number>`). Fields are named as Homey names them.
 */

const key = (parameter: number) => `configuration.${parameter}`;

function parameterOf(node: RadioNode, number: unknown) {
  const parameters = profileOf('zwave', node.driver)?.parameters ?? {};
  if (!Number.isInteger(number) || !Object.hasOwn(parameters, number as number)) {
    throw badRequest(`Parameter ${String(number)} is not one the ${node.model ?? 'node'} has (${Object.keys(parameters).join(', ')})`);
  }
  return parameters[number as number]!;
}

const bytesOf = (value: unknown): number[] | undefined =>
  Buffer.isBuffer(value) || value instanceof Uint8Array ? [...value] : Array.isArray(value) ? value : undefined;

/** A SET's parameter number, size, whether it restores the default, and its value bytes: from bytes or Homey's names. */
function readSet(params: number[] | Record<string, unknown>) {
  if (Array.isArray(params)) {
    const level = params[1] ?? 0;
    return { number: params[0], size: level & 0x07, restore: (level & 0x80) !== 0, bytes: params.slice(2) };
  }
  const level = (params.Level ?? {}) as { Size?: unknown; Default?: unknown };
  const value = params['Configuration Value'];
  const size = Number(level.Size);
  const bytes = typeof value === 'number' && [1, 2, 4].includes(size) ? [...numberBytes(value, size)] : bytesOf(value) ?? [];
  return { number: params['Parameter Number'], size, restore: level.Default === true, bytes };
}

function numberBytes(value: number, size: number): Buffer {
  const raw = Buffer.alloc(size);
  raw.writeIntBE(value, 0, size);
  return raw;
}

export const configuration: CommandClassDefinition = {
  id: 0x70,
  name: 'CONFIGURATION',
  capabilities: [],
  commands: { SET: 0x04, GET: 0x05, REPORT: 0x06 },
  run: (command, params, node, updates) => {
    if (command === 'SET') {
      const { number, size, restore, bytes } = readSet(params);
      const parameter = parameterOf(node, number);
      if (restore) {
        updates.remember({ [key(number as number)]: parameter.value });
        return [];
      }
      if (size !== parameter.size || bytes.length !== size) throw badRequest(`CONFIGURATION_SET: parameter ${String(number)} is ${parameter.size} byte(s), and its value as many`);
      updates.remember({ [key(number as number)]: Buffer.from(bytes).readIntBE(0, size) });
      return [];
    }
    const number = Array.isArray(params) ? params[0] : params['Parameter Number'];
    const parameter = parameterOf(node, number);
    const stored = node.attributes?.[key(number as number)];
    const raw = numberBytes(typeof stored === 'number' ? stored : parameter.value, parameter.size);
    return [{
      command: 'REPORT',
      params: [number as number, parameter.size, ...raw],
      fields: { 'Parameter Number': number, Level: { Size: parameter.size, Default: false }, 'Configuration Value': raw },
    }];
  },
  changed: () => [],
};
