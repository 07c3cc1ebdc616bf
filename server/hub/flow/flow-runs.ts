import type { components } from '../../../generated/hub/flow.js';
import { conflict } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { advancedFlowView } from './advanced-flows.js';
import { flowView, PROGRAMMATIC_TRIGGER } from './flows.js';
import type { Progress } from './run.js';

type FlowTestBody = components['schemas']['FlowTestBody'];
type FlowTestResult = components['schemas']['FlowTestResult'];

/** Why a flow cannot be started by hand, if it cannot (a disabled one is the engine's 409). */
function refuseStart(what: string, { broken, triggerable }: { broken: boolean; triggerable: boolean }, start: string): void {
  if (!triggerable) throw conflict(`${what} does not start with ${start}, so it cannot be started by hand`);
  if (broken) throw conflict(`${what} is broken: a card or token it uses no longer exists`);
}

export function triggerFlow(hub: HubCore & Pick<Hub, 'appFlowTokens' | 'cards' | 'flowEngine'>, id: string): void {
  const flow = flowView(hub, hub.store.require('flow', id, 'Flow'));
  refuseStart(`The flow "${flow.name}"`, flow, '"This flow is started"');
  hub.flowEngine.start('flow', id, { tokens: {}, state: {} });
}

export function triggerAdvancedFlow(hub: HubCore & Pick<Hub, 'appFlowTokens' | 'cards' | 'flowEngine'>, id: string): void {
  const flow = advancedFlowView(hub, hub.store.require('advancedflow', id, 'Advanced flow'));
  refuseStart(`The advanced flow "${flow.name}"`, flow, 'a start card');
  hub.flowEngine.start('advancedflow', id, { tokens: {}, state: {} });
}

/**
 * Runs the editor's flow once through the engine and answers what each card did by the time the engine hands back
 * (its `flow.test` reports for this session); actions after a delay go on reporting over realtime only.
 */
export async function testFlow(hub: HubCore & Pick<Hub, 'flowEngine'>, { flow, tokens, sessionId }: FlowTestBody): Promise<FlowTestResult> {
  const result: FlowTestResult = { sessionId, conditions: [], actions: [] };
  const stop = hub.bus.subscribe(({ uri, event, data }) => {
    const progress = data as Progress & { sessionId?: string };
    if (uri !== 'homey:manager:flow' || event !== 'flow.test' || progress.sessionId !== sessionId) return;
    const done = { index: progress.index ?? 0, cardId: progress.cardId, result: progress.result, error: progress.error ?? null };
    if (progress.cardType === 'condition') result.conditions.push(done);
    if (progress.cardType === 'action') result.actions.push({ ...done, tokens: progress.tokens ?? {} });
  });
  try {
    const runnable = { trigger: flow.trigger ?? { id: PROGRAMMATIC_TRIGGER }, conditions: flow.conditions ?? [], actions: flow.actions ?? [] };
    await hub.flowEngine.test(runnable, tokens, sessionId);
  } finally {
    stop();
  }
  return result;
}
