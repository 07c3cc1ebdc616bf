const pattern = (glob: string) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

/**
 * A matcher for `debug`-style namespaces: comma- or space-separated globs where `*` matches anything and a
 * leading `-` excludes. An empty string matches nothing.
 */
export function namespaceMatcher(namespaces: string): (name: string) => boolean {
  const globs = namespaces.split(/[\s,]+/).filter(Boolean);
  const include = globs.filter((glob) => !glob.startsWith('-')).map(pattern);
  const exclude = globs.filter((glob) => glob.startsWith('-')).map((glob) => pattern(glob.slice(1)));
  return (name) => include.some((re) => re.test(name)) && !exclude.some((re) => re.test(name));
}

/** The older bitmask form of setDebug (PUT /debug/{mask}): each bit switches on one family of uris. */
export const debugMaskBits: ReadonlyArray<[bit: number, namespace: string]> = [
  [1, 'homey:manager:*'],
  [2, 'homey:device:*'],
  [4, 'homey:app:*'],
];

export const namespacesOfMask = (mask: number) =>
  debugMaskBits.filter(([bit]) => (mask & bit) !== 0).map(([, namespace]) => namespace).join(',');
