import catalogue from './releases.json' with { type: 'json' };

export type Channel = 'stable' | 'beta' | 'experimental';
type Texts = Readonly<Record<string, string>>;

export interface Release {
  version: string;
  channel: Channel;
  date: string;
  size: number;
  changelog: Texts;
  whatsnew: ReadonlyArray<{ id: string; title: Texts; text: Texts }>;
}

export interface HotfixRelease {
  id: string;
  version: string;
  date: string;
  description: Texts;
}

/** The hub software releases shipped with the project (releases.json), as a release server would list them. */
const releases = catalogue.releases as Release[];
const hotfixes = catalogue.hotfixes as HotfixRelease[];

/** The channels whose releases each channel offers: beta also gets stable releases, experimental everything. */
const offeredOn = new Map<Channel, readonly Channel[]>([
  ['stable', ['stable']],
  ['beta', ['stable', 'beta']],
  ['experimental', ['stable', 'beta', 'experimental']],
]);

const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;

/** Compares semantic versions: a pre-release (12.1.0-rc.2) comes before its release (12.1.0). */
export function compareVersions(a: string, b: string): number {
  const [, ...left] = VERSION.exec(a) ?? [];
  const [, ...right] = VERSION.exec(b) ?? [];
  for (let i = 0; i < 3; i++) {
    const difference = Number(left[i]) - Number(right[i]);
    if (difference) return Math.sign(difference);
  }
  const [preA, preB] = [left[3], right[3]];
  if (preA === preB) return 0;
  if (preA === undefined) return 1;
  if (preB === undefined) return -1;
  return preA.localeCompare(preB, 'en', { numeric: true }) < 0 ? -1 : 1;
}

/** The releases a channel offers that are newer than `version`, newest first. */
export function releasesNewerThan(version: string, channel: Channel): Release[] {
  const channels = offeredOn.get(channel) ?? [];
  return releases
    .filter((release) => channels.includes(release.channel) && compareVersions(release.version, version) > 0)
    .sort((a, b) => compareVersions(b.version, a.version));
}

export const releaseOf = (version: string) => releases.find((release) => release.version === version);

export const hotfixesFor = (version: string) => hotfixes.filter((hotfix) => hotfix.version === version);

/** A text in the language asked for, else English. */
export const localized = (texts: Texts, language: string) => (Object.hasOwn(texts, language) ? texts[language]! : (texts.en ?? ''));
