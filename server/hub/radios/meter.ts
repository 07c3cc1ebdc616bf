import { badRequest } from '../../http/errors.js';
import type { CapabilityValue } from '../drivers/capabilities.js';
import type { CommandClassDefinition, Reports } from './command-class.js';
import { nodeValues } from './node.js';

/**
 * COMMAND_CLASS_METER (0x32) of an electricity meter, as a wall socket has it: the energy used (scale 0, kWh:
 * meter_power) and the power drawn now (scale 2, W: measure_power), each read by a METER_GET of its scale, reported
 * when it changes; METER_RESET sets the energy to zero. The REPORT's fields are named as Homey names them.
 */

const SCALES = [
  { scale: 0, capability: 'meter_power', precision: 2 },
  { scale: 2, capability: 'measure_power', precision: 1 },
];
/** Properties1 of the REPORT: rate type Import (bits 5-6), meter type Electric (bits 0-4). */
const ELECTRIC_IMPORT = 0x21;
const SIZE = 4;

function report({ scale, precision }: (typeof SCALES)[number], value: CapabilityValue): Reports[number] {
  const raw = Buffer.alloc(SIZE);
  raw.writeInt32BE(Math.round(Number(value) * 10 ** precision));
  return {
    command: 'REPORT',
    // Precision, scale and size; the value; a delta time of 0, so no previous value.
    params: [ELECTRIC_IMPORT, (precision << 5) | (scale << 3) | SIZE, ...raw, 0x00, 0x00],
    fields: {
      Properties1: { 'Scale bit 2': false, 'Meter Type': 'Electric meter', 'Rate Type': 'Import' },
      Properties2: { Size: SIZE, 'Scale bits 10': scale, Precision: precision },
      'Meter Value': raw,
      'Delta Time': 0,
      'Meter Value (Parsed)': Number(value),
    },
  };
}

/** The scale a METER_GET asks for: bits 3-5 of its byte (version 2 and up), `Properties1.Scale` by name; none is kWh. */
function askedScale(params: number[] | Record<string, unknown>): number {
  if (Array.isArray(params)) return params.length > 0 ? (params[0]! >> 3) & 0x07 : 0;
  const scale = (params.Properties1 as { Scale?: unknown } | undefined)?.Scale ?? 0;
  if (!Number.isInteger(scale)) throw badRequest('METER_GET: Properties1.Scale is a number');
  return scale as number;
}

export const meter: CommandClassDefinition = {
  id: 0x32,
  name: 'METER',
  capabilities: SCALES.map(({ capability }) => capability),
  commands: { GET: 0x01, REPORT: 0x02, RESET: 0x05 },
  run: (command, params, node, updates) => {
    const values = nodeValues(node);
    if (command === 'RESET') {
      updates.set({ meter_power: 0 });
      return [];
    }
    const scale = askedScale(params);
    const measured = SCALES.find((candidate) => candidate.scale === scale && values[candidate.capability] !== undefined);
    if (!measured) throw badRequest(`METER_GET: scale ${scale} is not one this meter measures (${SCALES.map((candidate) => `${candidate.scale}`).join(', ')})`);
    return [report(measured, values[measured.capability]!)];
  },
  changed: (changed) => SCALES.filter(({ capability }) => Object.hasOwn(changed, capability)).map((scale) => report(scale, changed[scale.capability]!)),
};
