/**
 * The `compatibility` of an app.json: a semver range of hub versions (`>=12.0.0`, `>=8.1.0 <13`, `^12.2`, `~12.2.1`,
 * `*`, alternatives joined by `||`). A small reading of npm's ranges, enough for what app manifests write.
 */
type Version = [number, number, number];
type Comparator = (version: Version) => boolean;

const COMPARATOR = /^(>=|<=|>|<|=|\^|~)?v?(\d+|x|\*)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/;

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** major.minor.patch of a version (a pre-release tag ignored), or null. */
export function parseVersion(text: string): Version | null {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function comparator(text: string): Comparator | null {
  const match = COMPARATOR.exec(text);
  if (!match) return null;
  const [, op = '=', ...parts] = match;
  const given = parts.map((part) => (part === undefined || part === 'x' || part === '*' ? undefined : Number(part)));
  const [major, minor, patch] = given;
  if (major === undefined) return () => true;
  const base: Version = [major, minor ?? 0, patch ?? 0];
  // The first version past a partial one (`12` → 13.0.0, `12.2` → 12.3.0) and past a caret or tilde range.
  const next = (level: number): Version => (level === 0 ? [major + 1, 0, 0] : [major, (minor ?? 0) + 1, 0]);
  const within = (upper: Version): Comparator => (v) => compare(v, base) >= 0 && compare(v, upper) < 0;
  switch (op) {
    case '>=':
      return (v) => compare(v, base) >= 0;
    case '>':
      return minor === undefined || patch === undefined ? (v) => compare(v, next(minor === undefined ? 0 : 1)) >= 0 : (v) => compare(v, base) > 0;
    case '<':
      return (v) => compare(v, base) < 0;
    case '<=':
      return minor === undefined || patch === undefined ? (v) => compare(v, next(minor === undefined ? 0 : 1)) < 0 : (v) => compare(v, base) <= 0;
    case '^':
      return within(major > 0 || minor === undefined ? next(0) : next(1));
    case '~':
      return within(minor === undefined ? next(0) : next(1));
    default:
      return minor === undefined ? within(next(0)) : patch === undefined ? within(next(1)) : (v) => compare(v, base) === 0;
  }
}

/** The range as a test of versions, or null when it is not a range this reads. */
export function parseRange(range: string): ((version: string) => boolean) | null {
  const alternatives = range.split('||').map((part) => part.trim().split(/\s+/).filter(Boolean).map(comparator));
  if (alternatives.some((parts) => parts.length === 0 || parts.includes(null))) return null;
  return (text) => {
    const version = parseVersion(text);
    return version !== null && alternatives.some((parts) => parts.every((test) => test!(version)));
  };
}

/** Whether version a (major.minor.patch) is higher than b. */
export const isHigher = (a: string, b: string) => compare(parseVersion(a) ?? [0, 0, 0], parseVersion(b) ?? [0, 0, 0]) > 0;
