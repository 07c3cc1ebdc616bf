import { badRequest } from '../../http/errors.js';

export interface ThreadNetwork {
  channel: number;
  panId: number;
  extPanId: string;
  networkName: string;
}

const CHANNEL = 0;
const PAN_ID = 1;
const EXT_PAN_ID = 2;
const NETWORK_NAME = 3;
const NETWORK_KEY = 5;
const required = new Map([[CHANNEL, 'channel'], [PAN_ID, 'PAN id'], [EXT_PAN_ID, 'extended PAN id'], [NETWORK_NAME, 'network name'], [NETWORK_KEY, 'network key']]);
const sizes = new Map([[CHANNEL, 3], [PAN_ID, 2], [EXT_PAN_ID, 8], [NETWORK_KEY, 16]]);

/** Reads an operational dataset (type, length, value triplets) and the network it describes, or a 400 naming what is wrong. */
export function parseDataset(tlvHex: string): ThreadNetwork {
  const bytes = Buffer.from(tlvHex, 'hex');
  const values = new Map<number, Buffer>();
  for (let offset = 0; offset < bytes.length; ) {
    if (offset + 2 > bytes.length) throw badRequest(`The dataset ends inside a TLV header at byte ${offset}`);
    const type = bytes[offset]!;
    const length = bytes[offset + 1]!;
    if (offset + 2 + length > bytes.length) throw badRequest(`TLV ${type} at byte ${offset} claims ${length} bytes, only ${bytes.length - offset - 2} remain`);
    const size = sizes.get(type);
    if (size !== undefined && length !== size) throw badRequest(`The ${required.get(type)} TLV has ${length} bytes, not ${size}`);
    values.set(type, bytes.subarray(offset + 2, offset + 2 + length));
    offset += 2 + length;
  }
  const missing = [...required].filter(([type]) => !values.has(type)).map(([, name]) => name);
  if (missing.length) throw badRequest(`The dataset lacks: ${missing.join(', ')}`);
  const channel = values.get(CHANNEL)!.readUInt16BE(1);
  if (channel < 11 || channel > 26) throw badRequest(`The channel must be from 11 to 26, not ${channel}`);
  const name = values.get(NETWORK_NAME)!;
  if (name.length < 1 || name.length > 16) throw badRequest('The network name has 1 to 16 bytes');
  return { channel, panId: values.get(PAN_ID)!.readUInt16BE(0), extPanId: values.get(EXT_PAN_ID)!.toString('hex'), networkName: name.toString('utf8') };
}
