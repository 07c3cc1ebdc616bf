import { createHash } from 'node:crypto';
import type { Hub, HubCore } from '../core/context.js';
import { onCapabilityChanged } from '../devices/device.js';
import { findDriver } from '../drivers/catalogue.js';
import { replay } from './transceiver.js';

const SYNC = [350, 10_850];
const SHORT_LONG = [350, 1050];
const LONG_SHORT = [1050, 350];

/** A 433 MHz code as simple remotes send it: a sync pulse, then each bit as a short-long (0) or long-short (1) pair. */
export const encode433 = (bits: readonly number[]): number[] => [...SYNC, ...bits.flatMap((bit) => (bit ? LONG_SHORT : SHORT_LONG))];

/** The 24-bit code of a command to a device: 20 bits of the device's address, 4 of the command. */
function commandBits(deviceId: string, capabilityId: string, value: unknown): number[] {
  const address = createHash('sha256').update(deviceId).digest().readUInt32BE(0) >>> 12;
  const command = createHash('sha256').update(`${capabilityId}=${JSON.stringify(value)}`).digest()[0]! & 0x0f;
  const code = (address << 4) | command;
  return Array.from({ length: 24 }, (_, bit) => (code >>> (23 - bit)) & 1);
}

/**
 * Devices reached over 433 MHz are one-way: they report nothing, so each value the hub sets on one (a user, a flow,
 * a group) is a command it transmits, which the RF manager's state shows as its last transmission.
 */
export function startRfDevices(hub: HubCore & Pick<Hub, 'capabilityChanges' | 'radioChanges'>): () => void {
  return onCapabilityChanged(hub, ({ device, capabilityId, value }) => {
    if (!findDriver(device.driverId)?.connectivity.includes('rf433')) return;
    replay(hub, '433', encode433(commandBits(device.id, capabilityId, value)));
  });
}
