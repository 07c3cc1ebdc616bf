import type { Hub, HubCore } from '../core/context.js';
import { findAppToken } from '../flowtoken/app-tokens.js';
import { findToken } from '../flowtoken/tokens.js';
import type { Card } from './cards.js';
import type { TokenValue } from '../../common/app-package/manifest.js';

export type Tokens = Record<string, TokenValue>;

const REFERENCE = /\[\[([^[\]]+)\]\]/g;
const WHOLE = /^\[\[([^[\]]+)\]\]$/;

/**
 * A token a card refers to: one of the run's own (the trigger's, the earlier actions'), else a global one named
 * `<ownerUri>|<id>`: a device's capability value (`homey:device:<id>|measure_temperature`), a logic variable
 * (`homey:manager:logic|<variableId>`) or an app's token (`homey:app:<appId>|<tokenId>`), read as they are now.
 */
export function tokenValue(hub: HubCore & Pick<Hub, 'appFlowTokens'>, tokens: Tokens, reference: string): TokenValue | undefined {
  if (Object.hasOwn(tokens, reference)) return tokens[reference];
  const bar = reference.indexOf('|');
  if (bar < 0) return undefined;
  const [uri, id] = [reference.slice(0, bar), reference.slice(bar + 1)];
  if (uri.startsWith('homey:device:')) {
    const device = hub.store.get('device', uri.slice('homey:device:'.length));
    const capabilities = device?.capabilitiesObj;
    return capabilities && Object.hasOwn(capabilities, id) ? (capabilities[id]!.value ?? null) : undefined;
  }
  if (uri === 'homey:manager:logic') return hub.store.get('variable', id)?.value;
  if (uri.startsWith('homey:app:')) return findAppToken(hub, `${uri}:${id}`)?.value;
  return undefined;
}

/**
 * A card's args with `[[token]]` references filled in: an arg that is one whole reference takes the token's value
 * as it is (a number stays a number), text around references gets their text. An unknown reference is left as
 * written, so that a mistyped token shows in what the card did.
 */
export function fillArgs(hub: HubCore & Pick<Hub, 'appFlowTokens'>, args: Record<string, unknown> | undefined, tokens: Tokens): Record<string, unknown> {
  // fromEntries, not assignment: an arg named `__proto__` stays an ordinary arg.
  return Object.fromEntries(Object.entries(args ?? {}).map(([name, arg]) => [name, typeof arg === 'string' ? fillText(hub, arg, tokens) : arg]));
}

function fillText(hub: HubCore & Pick<Hub, 'appFlowTokens'>, arg: string, tokens: Tokens): unknown {
  if (!arg.includes('[[')) return arg;
  const whole = WHOLE.exec(arg);
  const value = whole ? tokenValue(hub, tokens, whole[1]!) : undefined;
  if (value !== undefined) return value;
  return arg.replace(REFERENCE, (written, reference: string) => {
    const found = tokenValue(hub, tokens, reference);
    return found === undefined ? written : found === null ? '' : String(found);
  });
}

/**
 * The args a card runs with: filled in, plus the dropped token (a card's `droptoken`, the one token it takes as a
 * whole, e.g. "is [[token]] true") as the arg `droptoken`.
 */
export function cardArgs(hub: HubCore & Pick<Hub, 'appFlowTokens'>, entry: { args?: Record<string, unknown> | null; droptoken?: unknown }, tokens: Tokens): Record<string, unknown> {
  const args = fillArgs(hub, entry.args ?? undefined, tokens);
  if (typeof entry.droptoken === 'string' && entry.droptoken) {
    const value = tokenValue(hub, tokens, entry.droptoken);
    if (value === undefined) throw new Error(`The dropped token ${entry.droptoken} has no value`);
    args.droptoken = value;
  }
  return args;
}

/** The tokens a card takes: its dropped token and the `[[reference]]`s in its text args. */
export function tokenReferences(entry: { args?: Record<string, unknown> | null; droptoken?: unknown }): string[] {
  const references = Object.values(entry.args ?? {}).flatMap((arg) => (typeof arg === 'string' ? [...arg.matchAll(REFERENCE)].map(([, reference]) => reference!) : []));
  return typeof entry.droptoken === 'string' && entry.droptoken ? [entry.droptoken, ...references] : references;
}

/** How flows refer to the flowtoken manager's token `<ownerUri>:<id>` (an owner uri has three parts): `<ownerUri>|<id>`. */
export function referenceTo(tokenId: string): string {
  const [scheme, kind, owner, ...rest] = tokenId.split(':');
  return `${scheme}:${kind}:${owner}|${rest.join(':')}`;
}

/**
 * Whether a card of a flow takes a token that is not there: neither one of the flow's own cards' (an earlier card's;
 * in an advanced flow, whose wires may run in any order, any card's) nor a global one of the flowtoken manager.
 */
export function missesToken(
  hub: HubCore & Pick<Hub, 'appFlowTokens'>, entries: ReadonlyArray<{ id: string; args?: Record<string, unknown> | null; droptoken?: unknown }>,
  known: Pick<ReadonlyMap<string, Card>, 'get'>, anyOrder: boolean,
): boolean {
  const own = new Set<string>();
  const addTokensOf = (id: string) => known.get(id)?.tokens?.forEach((token) => own.add(token.id));
  if (anyOrder) entries.forEach((entry) => addTokensOf(entry.id));
  for (const entry of entries) {
    for (const reference of tokenReferences(entry)) {
      if (own.has(reference)) continue;
      const bar = reference.indexOf('|');
      if (bar <= 0 || !findToken(hub, `${reference.slice(0, bar)}:${reference.slice(bar + 1)}`)) return true;
    }
    addTokensOf(entry.id);
  }
  return false;
}
