import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { components } from '../../../generated/cloud/icons.js';

export type IconSummary = components['schemas']['IconSummary'];
export interface NamedIcon extends IconSummary {
  file: string;
}

/** The icon folders homey-lib ships, by the set their ids start with. */
const SETS: ReadonlyArray<[IconSummary['set'], string]> = [
  ['device', 'assets/device/icons'],
  ['zone', 'assets/zone/icons'],
  ['permission', 'assets/app/permissions'],
];

/** Every named icon (homey-lib's device-class, zone and app permission icons), sorted by id. */
export function loadCatalogue(): NamedIcon[] {
  const root = path.dirname(createRequire(import.meta.url).resolve('homey-lib/package.json'));
  const icons = SETS.flatMap(([set, folder]) =>
    readdirSync(path.join(root, folder))
      .filter((file) => file.endsWith('.svg'))
      .map((file) => ({ id: `${set}.${file.slice(0, -4)}`, set, name: file.slice(0, -4), file: path.join(root, folder, file) })),
  );
  return icons.sort((a, b) => a.id.localeCompare(b.id));
}

/** The icons whose id holds every word of `query`, case ignored (all of them without words). */
export function searchIcons(catalogue: readonly NamedIcon[], query = ''): IconSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return catalogue.filter((icon) => words.every((word) => icon.id.includes(word))).map(({ id, set, name }) => ({ id, set, name }));
}
