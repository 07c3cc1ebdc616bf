/**
 * A compile-fail fixture, checked by `tsc --noEmit` (npm test) and never run: each `@ts-expect-error` line is a
 * handler table that gets an operation's guard wrong, and tsc fails on any of them that compiles. The cloud's flow
 * service serves as the example: `shareFlow` needs a token, `getFlow` is public.
 */
import * as flowManifest from '../../generated/cloud/flow.operations.js';
import type { operations as flowOperations } from '../../generated/cloud/flow.js';
import * as zonesManifest from '../../generated/hub/zones.operations.js';
import type { operations as zonesOperations } from '../../generated/hub/zones.js';
import { defineApi, defineGuardedApi, scopesSuffice, type Guard, type Session } from './api.js';

interface FlowCaller extends Session {
  userId: string;
}
interface FlowContext {
  session: FlowCaller | null;
}

/** Stands in for a handler's answer: the fixture checks tables, not what handlers compute. */
const answer = (): never => {
  throw new Error('never run');
};
const ownFlows: Guard<FlowContext> = () => undefined;

export function guardedTables(): void {
  const define = defineGuardedApi<flowOperations, typeof flowManifest.operations, FlowContext>;
  const getFlow = () => answer();

  // Agrees: the token operation names its guard, and its handler sees a session that is there.
  define(flowManifest, { shareFlow: { guard: ownFlows, handle: (_args, { session }) => answer() && session.userId }, getFlow });
  define(flowManifest, { shareFlow: { guard: scopesSuffice, handle: () => answer() }, getFlow: { guard: ownFlows, handle: getFlow } });

  // @ts-expect-error an operation that needs a token, without its guard
  define(flowManifest, { shareFlow: () => answer(), getFlow });
  // @ts-expect-error a misspelt operationId: shareFlow is left without its guard and handler
  define(flowManifest, { sharedFlow: { guard: ownFlows, handle: () => answer() }, getFlow });
  // @ts-expect-error a guard under a name that is no operation, beside the right ones
  define(flowManifest, { shareFlow: { guard: ownFlows, handle: () => answer() }, getFlow, getFlows: { guard: ownFlows, handle: getFlow } });
  // @ts-expect-error a public operation's caller may have no session
  define(flowManifest, { shareFlow: { guard: scopesSuffice, handle: () => answer() }, getFlow: (_args, { session }) => answer() && session.userId });
}

export function hubTables(): void {
  const define = defineApi<zonesOperations, typeof zonesManifest.operations, { session: Session | null }>;
  const getState = () => answer();

  // Agrees: the hub's scopes are the check; a guard, where one is needed, sits beside its handler.
  define(zonesManifest, { getState: { guard: () => undefined, handle: (_args, { session }) => answer() && session.scopes } });

  // @ts-expect-error a misspelt operationId beside the right ones
  define(zonesManifest, { getState, getStat: { guard: () => undefined, handle: getState } });
}
