import { BlockList, isIPv4 } from 'node:net';
import type { components } from '../../../generated/cloud/geolocate.js';
import { notFound } from '../../http/errors.js';
import ipTable from './ip-ranges.json' with { type: 'json' };
import towerTable from './towers.json' with { type: 'json' };

type Location = components['schemas']['Location'];
type Tower = components['schemas']['Tower'];
type Place = Pick<Location, 'latitude' | 'longitude' | 'city' | 'country'>;

const towerKey = ({ mcc, mnc, lac, cellId }: Tower) => `${mcc}-${mnc}-${lac}-${cellId}`;
const towers = new Map(towerTable.towers.map((tower) => [towerKey(tower), tower]));

const ranges = ipTable.ranges.map((entry) => {
  const [network, prefix] = entry.range.split('/') as [string, string];
  const list = new BlockList();
  list.addSubnet(network, Number(prefix), isIPv4(network) ? 'ipv4' : 'ipv6');
  return { list, type: isIPv4(network) ? 'ipv4' : 'ipv6', entry };
});

/** An unknown signal counts as a weak one (-100 dBm). */
const UNKNOWN_SIGNAL = -100;
/** A tower 10 dB stronger weighs ten times as much: received power in milliwatts. */
const weight = (signal = UNKNOWN_SIGNAL) => 10 ** (signal / 10);

/**
 * The signal-weighted centre of the known towers heard, its accuracy the largest range among them; null when no
 * tower heard is known.
 */
function fromTowers(heard: readonly Tower[]): Location | null {
  const known = heard.flatMap((tower) => {
    const found = towers.get(towerKey(tower));
    return found ? [{ found, weight: weight(tower.signal) }] : [];
  });
  if (known.length === 0) return null;
  const total = known.reduce((sum, { weight }) => sum + weight, 0);
  const mean = (field: 'latitude' | 'longitude') => Math.round((known.reduce((sum, tower) => sum + tower.found[field] * tower.weight, 0) / total) * 1e5) / 1e5;
  const strongest = known.reduce((best, tower) => (tower.weight > best.weight ? tower : best)).found;
  return { latitude: mean('latitude'), longitude: mean('longitude'), accuracy: Math.max(...known.map(({ found }) => found.range)), source: 'towers', ...place(strongest) };
}

const place = ({ city, country }: Place) => ({ city, country });

/** An IPv4 address as Node's sockets give it on a dual-stack listener (`::ffff:192.0.2.1`), as itself. */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** The shipped range holding an address (its place and time zone), or undefined. */
export function rangeAt(address: string) {
  const plain = plainAddress(address);
  const type = isIPv4(plain) ? 'ipv4' : 'ipv6';
  return ranges.find((range) => range.type === type && range.list.check(plain, type))?.entry;
}

function fromAddress(address: string): Location | null {
  const found = rangeAt(address);
  return found ? { latitude: found.latitude, longitude: found.longitude, accuracy: found.accuracy, source: 'ip', ...place(found) } : null;
}

/** Where the hub is: from its towers, else from its address; 404 when neither is known. */
export function locate(heard: readonly Tower[], address: string): Location {
  const location = fromTowers(heard) ?? fromAddress(address);
  if (!location) throw notFound('Location');
  return location;
}
