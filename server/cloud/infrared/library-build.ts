import { DEVICE_SOURCES } from './library-source.js';
import { encode } from './protocols.js';

/** The shipped library's shape (library.json). */
export interface Library {
  source: string;
  /** Keys in the remote's order, each with its Pronto hex. */
  devices: Array<{ id: string; brand: string; type: string; name: string; protocol: string; codes: Array<{ key: string; pronto: string }> }>;
}

/** Encodes every device of the source, keys in the source's order. */
export function buildLibrary(): Library {
  return {
    source:
      'Protocol, device, subdevice and function numbers from the IRDB (github.com/probonopd/irdb), encoded as Pronto hex by server/cloud/infrared/protocols.ts (scripts/infrared-library.ts).',
    devices: DEVICE_SOURCES.map(({ id, brand, type, name, protocol, device, subdevice, keys }) => ({
      id,
      brand,
      type,
      name,
      protocol,
      codes: Object.entries(keys).map(([key, func]) => ({ key, pronto: encode(protocol, device, subdevice, func) })),
    })),
  };
}
