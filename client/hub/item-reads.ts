import type { OperationSpec } from '../../generated/manifest.js';

/**
 * Item types whose `broken` flag the client removes on read (seed 001 §3): the hub's flag goes stale as cards and
 * tokens come and go, so isFlowBroken decides from what the client sees instead. Advanced flows are flows too.
 */
const WITHOUT_BROKEN = new Set(['flow', 'advancedflow'] as const);
export type WithoutBrokenType = typeof WITHOUT_BROKEN extends Set<infer T> ? T : never;

const isWithoutBroken = (type: string | undefined): boolean => type !== undefined && WITHOUT_BROKEN.has(type as WithoutBrokenType);

function dropBroken(item: unknown): unknown {
  if (!item || typeof item !== 'object' || !('broken' in item)) return item;
  const copy: Record<string, unknown> = { ...item };
  delete copy.broken;
  return copy;
}

/** An operation's answer as the client hands it on: a flow, or each flow of a list, without `broken`. */
export function readResult(operation: OperationSpec, result: unknown): unknown {
  const crud = operation.crud;
  if (!crud || !isWithoutBroken(crud.type) || !result || typeof result !== 'object') return result;
  if (crud.kind === 'list') return Object.fromEntries(Object.entries(result).map(([id, item]) => [id, dropBroken(item)]));
  return dropBroken(result);
}

/** A realtime event's item as the client hands it on: `flow.update` on `homey:manager:flow`, `update` on `homey:flow:<id>`. */
export function readEvent(uri: string, event: string, data: unknown): unknown {
  const [, kind] = uri.split(':');
  return isWithoutBroken(kind === 'manager' ? event.split('.')[0] : kind) ? dropBroken(data) : data;
}
