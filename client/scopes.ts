/**
 * Scope matching of seed 001 §5 (PROTOCOL.md §6), in one place for the servers and the client (HubAPI.hasScope). It
 * lives in the client package, which publishes it and imports nothing of the servers; the servers import it from here,
 * the one module of client/ they may (.dependency-cruiser.cjs). An available scope grants a requested one when the
 * requested scope starts with the available scope's part before ':' on a dot boundary, and any ':suffix' is equal. So
 * `homey` grants every homey scope and `homey.device` grants `homey.device.readonly` and `homey.device.control`, while
 * `homey.device.readonly` grants no write and `homey.z` grants nothing of `homey.zone`.
 */
export function grants(available: string, requested: string): boolean {
  const [availableBase = '', availableSuffix] = available.split(':', 2);
  const [requestedBase = '', requestedSuffix] = requested.split(':', 2);
  if (availableSuffix !== undefined && availableSuffix !== requestedSuffix) return false;
  return requestedBase === availableBase || requestedBase.startsWith(`${availableBase}.`);
}

/** Answers per scope set, which lives as long as its session: a request's scope check is one Map lookup. */
const answers = new WeakMap<readonly string[], Map<string, boolean>>();

export function hasScope(available: readonly string[], requested: string): boolean {
  let known = answers.get(available);
  if (!known) answers.set(available, (known = new Map()));
  let granted = known.get(requested);
  if (granted === undefined) {
    granted = available.some((scope) => grants(scope, requested));
    if (known.size < 256) known.set(requested, granted); // bounded, should callers ever ask with client input
  }
  return granted;
}

/** The scopes both sets grant: each scope of one side that the other side grants. */
export function intersectScopes(a: readonly string[], b: readonly string[]): string[] {
  const result = new Set<string>();
  for (const scope of a) if (hasScope(b, scope)) result.add(scope);
  for (const scope of b) if (hasScope(a, scope)) result.add(scope);
  return [...result].filter((scope) => ![...result].some((other) => other !== scope && grants(other, scope)));
}
