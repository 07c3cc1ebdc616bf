import { conflict, notFound } from '../../http/errors.js';
import type { Hub } from '../context.js';
import { walk, type AdvancedCards } from './advanced.js';
import type { TriggerCard, TriggerFiring } from './cards.js';
import { FlowIndex, type StoredAdvancedFlow, type StoredFlow, type Triggered } from './engine-index.js';
import { PendingSteps, type PendingStep } from './pending.js';
import { runActions, runFlow, type Continuation, type Progress, type Run, type Runner, type RunnableFlow } from './run.js';
import type { Tokens } from './tokens.js';

const FLOW_URI = 'homey:manager:flow';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs the home's flows: on every trigger firing of hub.cards, the enabled flows and advanced flows starting with
 * that card whose trigger args match; by hand (triggerFlow, triggerAdvancedFlow); and unsaved ones once (testFlow).
 * Runs are asynchronous and never throw into whoever fired the trigger: what fails is logged in the hub's log.
 * Delays and durations run on the hub's clock; runs waiting on a delay are kept in hub.db and go on after a restart.
 */
export class FlowEngine implements Runner {
  private readonly index: FlowIndex;
  private readonly pending: PendingSteps;
  private readonly timers = new Map<object, () => void>();
  private stopListening: (() => void) | undefined;
  running = false;

  constructor(readonly hub: Hub) {
    this.index = new FlowIndex(hub.store);
    this.pending = new PendingSteps(hub.db);
  }

  /** Hears triggers from now on, and arms the runs that were waiting when the hub stopped (overdue ones run now). */
  open(): void {
    this.running = true;
    this.stopListening = this.hub.cards.onFiring((firing) => this.fired(firing));
    for (const step of this.pending.all()) this.arm(step);
  }

  /** Stops hearing triggers and cancels every timer; waiting runs stay in hub.db for the next start. */
  close(): void {
    this.running = false;
    this.stopListening?.();
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }

  /**
   * Starts a saved flow by hand, from its conditions (an advanced flow from its trigger and start cards), with these
   * tokens and state. 404 for an unknown flow, 409 for a disabled one. The run goes on after this returns.
   */
  start(kind: 'flow' | 'advancedflow', id: string, firing: { tokens?: Tokens; state?: Record<string, unknown> }): void {
    const flow = this.hub.store.get(kind, id) as StoredFlow | StoredAdvancedFlow | undefined;
    if (!flow) throw notFound(kind === 'flow' ? 'Flow' : 'Advanced flow');
    if (!flow.enabled) throw conflict(`The ${kind === 'flow' ? 'flow' : 'advanced flow'} "${flow.name}" is disabled; enable it to start it`);
    const tokens = firing.tokens ?? {};
    const run: Run = { kind, flowId: id, name: flow.name, state: firing.state ?? {} };
    if (kind === 'flow') this.launch(run, () => runFlow(this, run, flow as StoredFlow, tokens));
    else {
      const { cards } = flow as StoredAdvancedFlow;
      const starts = Object.keys(cards).filter((key) => cards[key]!.type === 'trigger' || cards[key]!.type === 'start');
      this.launch(run, () => walk(this, run, cards, starts, tokens));
    }
  }

  /**
   * Runs an unsaved flow once from its conditions with these tokens (testFlow), telling its progress on
   * homey:manager:flow: `flow.test` {sessionId, cardId, cardType, index, result, error?, tokens?} for each condition
   * and action as it runs, then `flow.test.end` {sessionId} once nothing is left to run (after any delays).
   * Resolves once the run has done what it can now (a delayed rest goes on later); a handler need not wait for it.
   */
  test(flow: RunnableFlow, tokens: Tokens, sessionId: string): Promise<void> {
    const run: Run = { kind: 'flow', flowId: null, name: 'test', state: {}, sessionId };
    return this.launch(run, async () => {
      if ((await runFlow(this, run, flow, tokens)) === 'done') this.testEnded(run);
    });
  }

  defer(time: number, rest: Continuation): void {
    if (!this.running) return;
    // Test runs are not kept: their session ends with the hub.
    if (rest.run.flowId !== null && !rest.run.sessionId) this.arm(this.pending.add(time, rest));
    else this.schedule(time, () => this.resume(rest));
  }

  later(time: number, undo: () => void | Promise<void>): void {
    this.schedule(time, () => {
      Promise.resolve()
        .then(undo)
        .catch((error) => this.hub.system.log.write('info', FLOW_URI, `undoing an action after its duration failed: ${message(error)}`));
    });
  }

  log(run: Run, text: string): void {
    this.hub.system.log.write('info', FLOW_URI, `${run.kind} "${run.name}"${run.flowId ? ` (${run.flowId})` : ''}: ${text}`);
  }

  report(run: Run, progress: Progress): void {
    if (run.sessionId) this.hub.bus.publish(FLOW_URI, 'flow.test', { sessionId: run.sessionId, ...progress });
  }

  private testEnded(run: Run): void {
    this.hub.bus.publish(FLOW_URI, 'flow.test.end', { sessionId: run.sessionId });
  }

  private fired(firing: TriggerFiring): void {
    try {
      const triggered = this.index.triggeredBy(firing.cardId);
      if (!triggered.length) return;
      const card = this.hub.cards.get(firing.cardId);
      for (const entry of triggered) {
        if (card?.type === 'trigger' && !this.matches(card, entry, firing)) continue;
        this.startTriggered(entry, firing);
      }
    } catch (error) {
      this.hub.system.log.write('info', FLOW_URI, `handling a firing of ${firing.cardId} failed: ${message(error)}`);
    }
  }

  private matches(card: TriggerCard, entry: Triggered, firing: TriggerFiring): boolean {
    try {
      return card.matches?.(entry.trigger.args ?? {}, firing.state) ?? true;
    } catch (error) {
      this.log({ kind: entry.kind, flowId: entry.flow.id, name: entry.flow.name, state: firing.state }, `trigger ${card.id} failed to match: ${message(error)}`);
      return false;
    }
  }

  private startTriggered(entry: Triggered, firing: TriggerFiring): void {
    const run: Run = { kind: entry.kind, flowId: entry.flow.id, name: entry.flow.name, state: firing.state };
    if (entry.kind === 'flow') this.launch(run, () => runFlow(this, run, entry.flow, firing.tokens));
    else this.launch(run, () => walk(this, run, entry.flow.cards, [entry.key], firing.tokens));
  }

  /** A waiting run goes on: a saved flow only while it still exists and is enabled. */
  private resume(rest: Continuation): void {
    const { run } = rest;
    const flow = run.flowId === null ? undefined : (this.hub.store.get(run.kind, run.flowId) as StoredFlow | StoredAdvancedFlow | undefined);
    if (run.flowId !== null && !flow?.enabled) return this.log(run, `the rest of a run was dropped: the flow is ${flow ? 'disabled' : 'deleted'}`);
    if ('actions' in rest) {
      this.launch(run, async () => {
        if ((await runActions(this, run, rest.actions, rest.tokens)) === 'done' && run.sessionId) this.testEnded(run);
      });
    } else {
      const { cards } = flow as StoredAdvancedFlow;
      this.launch(run, () => walk(this, run, cards as AdvancedCards, rest.cards, rest.tokens));
    }
  }

  private launch(run: Run, work: () => Promise<unknown>): Promise<void> {
    return work().then(
      () => undefined,
      (error) => this.log(run, `failed: ${message(error)}`),
    );
  }

  private arm(step: PendingStep): void {
    this.schedule(step.time, () => {
      this.pending.remove(step.id);
      this.resume(step.rest);
    });
  }

  private schedule(time: number, callback: () => void): void {
    const key = {};
    const cancel = this.hub.clock.at(time, () => {
      this.timers.delete(key);
      if (this.running) callback();
    });
    this.timers.set(key, cancel);
  }
}

const engines = new WeakMap<Hub, FlowEngine>();

/** The hub's one flow engine (hub.ts opens it with the hub and closes it on close). */
export function flowEngine(hub: Hub): FlowEngine {
  let engine = engines.get(hub);
  if (!engine) engines.set(hub, (engine = new FlowEngine(hub)));
  return engine;
}
