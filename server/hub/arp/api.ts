import { readFile } from 'node:fs/promises';
import * as manifest from '../../../generated/hub/arp.operations.js';
import type { operations } from '../../../generated/hub/arp.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';

type ArpEntry = operations['getState']['responses'][200]['content']['application/json']['entries'][number];

/** Linux's ARP table: a header line, then `IP  HW-type  Flags  HW-address  Mask  Device`. */
const ARP_TABLE = '/proc/net/arp';
/** ATF_COM: the address is resolved (an incomplete entry has flags 0x0 and a zero address). */
const RESOLVED = 0x2;

const ipv4Order = (address: string) => address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);

/** The resolved entries of an ARP table's text, in address order. */
export function parseArpTable(text: string): ArpEntry[] {
  return text
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length >= 6 && (Number.parseInt(cells[2]!, 16) & RESOLVED) !== 0)
    .map(([address, , , mac, , device]) => ({ address: address!, mac: mac!.toLowerCase(), interface: device! }))
    .sort((a, b) => ipv4Order(a.address) - ipv4Order(b.address));
}

/** The machine's ARP table now; a machine without one to read has no entries to tell. */
async function arpEntries(): Promise<ArpEntry[]> {
  const text = await readFile(ARP_TABLE, 'utf8').catch(() => null);
  return text === null ? [] : parseArpTable(text);
}

export const arp = defineApi<operations, typeof manifest.operations, HubContextOf<never>>(manifest, {
  getState: async () => ({ entries: await arpEntries() }),
});
