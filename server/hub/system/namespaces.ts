/**
 * Whether `name` matches `glob`, where `*` matches any run of characters. Walked with two pointers, which takes at
 * most glob × name steps: a regular expression made from a glob of many stars backtracks for minutes on one uri,
 * and this match runs on every realtime event.
 */
export function globMatches(glob: string, name: string): boolean {
  let g = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    if (glob[g] === '*') {
      star = g++;
      resume = n;
    } else if (g < glob.length && glob[g] === name[n]) {
      g++;
      n++;
    } else if (star >= 0) {
      g = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (glob[g] === '*') g++;
  return g === glob.length;
}

/**
 * A matcher for `debug`-style namespaces: comma- or space-separated globs where `*` matches anything and a
 * leading `-` excludes. An empty string matches nothing.
 */
export function namespaceMatcher(namespaces: string): (name: string) => boolean {
  const globs = namespaces.split(/[\s,]+/).filter(Boolean);
  const include = globs.filter((glob) => !glob.startsWith('-'));
  const exclude = globs.filter((glob) => glob.startsWith('-')).map((glob) => glob.slice(1));
  return (name) => include.some((glob) => globMatches(glob, name)) && !exclude.some((glob) => globMatches(glob, name));
}

/** The older bitmask form of setDebug (PUT /debug/{mask}): each bit switches on one family of uris. */
export const debugMaskBits: ReadonlyArray<[bit: number, namespace: string]> = [
  [1, 'homey:manager:*'],
  [2, 'homey:device:*'],
  [4, 'homey:app:*'],
];

export const namespacesOfMask = (mask: number) =>
  debugMaskBits.filter(([bit]) => (mask & bit) !== 0).map(([, namespace]) => namespace).join(',');
