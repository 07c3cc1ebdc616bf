import type { components } from '../../../generated/cloud/infrared.js';
import { notFound } from '../../http/errors.js';
import type { Library } from './library-build.js';
import shipped from './library.json' with { type: 'json' };

type Schemas = components['schemas'];
export type Device = Schemas['Device'];
export type DeviceSummary = Schemas['DeviceSummary'];
type TypeId = Schemas['TypeId'];

const TYPE_NAMES: ReadonlyMap<TypeId, string> = new Map([
  ['tv', 'TV'],
  ['bluray', 'Blu-ray player'],
  ['receiver', 'AV receiver'],
]);

const brandId = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/** The shipped library (made by scripts/infrared-library.ts in this shape), read once: devices by id, brands by id. */
const library: Library = shipped;
const devices = new Map<string, Device>(
  library.devices.map((device) => [
    device.id,
    {
      ...device,
      brand: brandId(device.brand),
      type: device.type as TypeId,
      protocol: device.protocol as Device['protocol'],
      keys: device.codes.map(({ key }) => key),
      codes: Object.fromEntries(device.codes.map(({ key, pronto }) => [key, pronto])),
    },
  ]),
);
const brands = new Map(library.devices.map((device) => [brandId(device.brand), { id: brandId(device.brand), name: device.brand }]));

const summary = ({ codes: _codes, ...rest }: Device): DeviceSummary => rest;
const all = () => [...devices.values()];

function requireBrand(id: string): void {
  if (!brands.has(id)) throw notFound(`Brand ${id}`);
}

export const brandsOf = (type?: TypeId) =>
  [...brands.values()].filter((brand) => !type || all().some((device) => device.brand === brand.id && device.type === type)).sort(byName);

export function typesOf(brand?: string) {
  if (brand !== undefined) requireBrand(brand);
  const present = new Set(all().filter((device) => brand === undefined || device.brand === brand).map((device) => device.type));
  return [...TYPE_NAMES].filter(([id]) => present.has(id)).map(([id, name]) => ({ id, name })).sort(byName);
}

export function devicesOf(filter: { name?: string; type?: TypeId; brand?: string }): DeviceSummary[] {
  if (filter.brand !== undefined) requireBrand(filter.brand);
  const part = filter.name?.toLowerCase();
  return all()
    .filter((device) => (!filter.brand || device.brand === filter.brand) && (!filter.type || device.type === filter.type) && (!part || device.name.toLowerCase().includes(part)))
    .sort((a, b) => a.brand.localeCompare(b.brand) || byName(a, b))
    .map(summary);
}

/** Devices holding every word of the query in their brand, type or name; those whose name starts with the first word first. */
export function searchDevices(query: string): DeviceSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = (device: Device) => `${brands.get(device.brand)!.name} ${device.type} ${TYPE_NAMES.get(device.type)} ${device.name}`.toLowerCase();
  const rank = (device: Device) => (device.name.toLowerCase().startsWith(words[0] ?? '') ? 0 : 1);
  return all()
    .filter((device) => words.every((word) => text(device).includes(word)))
    .sort((a, b) => rank(a) - rank(b) || byName(a, b))
    .map(summary);
}

export function requireDevice(id: string): Device {
  const device = devices.get(id);
  if (!device) throw notFound(`Device ${id}`);
  return device;
}
