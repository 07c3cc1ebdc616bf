import { conflict, notFound } from '../../http/errors.js';
import type { Hub } from '../core/context.js';
import { walk } from './advanced.js';
import type { Card, TriggerCard, TriggerFiring } from './cards.js';
import type { StoredAdvancedFlow } from './advanced-flows.js';
import { FlowIndex, type Triggered } from './engine-index.js';
import { PROGRAMMATIC_TRIGGER, type StoredFlow } from './flows.js';
import { PendingSteps, type PendingStep } from './pending.js';
import { runActions, runFlow, type Continuation, type Progress, type Run, type Runner, type RunnableFlow } from './run.js';
import type { Tokens } from './tokens.js';
import { WHOLE_HUB, type HubPart, type HubService } from '../core/service.js';

const FLOW_URI = 'homey:manager:flow';

/**
 * How many flows may start one another in a row: a flow whose action fires its own trigger again ("when the light
 * changes, toggle it"), directly or through other flows, is stopped there instead of keeping the hub busy forever.
 */
export const MAX_CHAIN = 10;

/** What a test run did before test answered (the contract's FlowTestResult). */
export interface TestResult {
  sessionId: string;
  conditions: Array<{ index: number; cardId: string; result: boolean; error: string | null }>;
  actions: Array<{ index: number; cardId: string; result: boolean; tokens: Tokens; error: string | null }>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A saved flow with its kind, so that telling the kind tells the flow's shape. */
type SavedFlow = { kind: 'flow'; flow: StoredFlow } | { kind: 'advancedflow'; flow: StoredAdvancedFlow };

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
  /** How many runs started one another before each run (0: started by the home, a person or a delay). */
  private readonly chains = new WeakMap<Run, number>();
  /** The run whose action card is running now: triggers it fires start runs of its chain. */
  private acted: Run | undefined;
  /** What test runs did so far, for test's answer. */
  private readonly collecting = new Map<Run, Progress[]>();
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
    for (const { id, time, rest } of this.pending.all()) {
      if ('undo' in rest) {
        this.pending.remove(id);
        this.log(rest.run, `the hub restarted before ${rest.undo} was undone after its duration: cancelled`);
      } else this.arm({ id, time, rest });
    }
  }

  /** Stops hearing triggers and cancels every timer; waiting runs stay in hub.db for the next start. */
  close(): void {
    this.running = false;
    this.stopListening?.();
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }

  /**
   * Starts a saved flow by hand with these tokens and state: a flow from its conditions, an advanced flow from its
   * `start` cards. 404 for an unknown flow; 409 for a disabled one, and for an advanced flow without a start card.
   * Whether a flow's trigger lets it be started by hand (`triggerable`) is the caller's to check. The run goes on
   * after this returns.
   */
  start(kind: 'flow' | 'advancedflow', id: string, firing: { tokens?: Tokens; state?: Record<string, unknown> }): void {
    const saved = this.saved(kind, id);
    const what = kind === 'flow' ? 'flow' : 'advanced flow';
    if (!saved) throw notFound(kind === 'flow' ? 'Flow' : 'Advanced flow');
    const { flow } = saved;
    if (!flow.enabled) throw conflict(`The ${what} "${flow.name}" is disabled; enable it to start it`);
    const tokens = firing.tokens ?? {};
    const run: Run = { kind, flowId: id, name: flow.name, state: firing.state ?? {} };
    if (saved.kind === 'flow') {
      if (this.begin(run)) void this.launch(run, () => runFlow(this, run, saved.flow, tokens));
      return;
    }
    const { cards } = saved.flow;
    const starts = Object.keys(cards).filter((key) => cards[key]!.type === 'start' || (cards[key]!.type === 'trigger' && cards[key]!.id === PROGRAMMATIC_TRIGGER));
    if (!starts.length) throw conflict(`The ${what} "${flow.name}" has no start card, so it cannot be started by hand`);
    if (this.begin(run)) void this.launch(run, () => walk(this, run, cards, starts, tokens));
  }

  /**
   * Runs an unsaved flow once from its conditions with these tokens (testFlow), telling its progress on
   * homey:manager:flow: `flow.test` {sessionId, cardId, cardType, index, result, error?, tokens?} for each condition
   * and action as it runs, then `flow.test.end` {sessionId} once nothing is left to run (after any delays).
   * Resolves, once the run has done what it can now, with what each card did so far (the contract's FlowTestResult);
   * a delayed rest goes on later, told only by the events.
   */
  async test(flow: RunnableFlow, tokens: Tokens, sessionId: string): Promise<TestResult> {
    const run: Run = { kind: 'flow', flowId: null, name: 'test', state: {}, sessionId };
    const seen: Progress[] = [];
    this.collecting.set(run, seen);
    try {
      await this.launch(run, async () => {
        if ((await runFlow(this, run, flow, tokens)) === 'done') this.testEnded(run);
      });
    } finally {
      this.collecting.delete(run);
    }
    const of = (type: Progress['cardType']) => seen.filter((progress) => progress.cardType === type);
    return {
      sessionId,
      conditions: of('condition').map(({ index, cardId, result, error }) => ({ index: index!, cardId, result, error: error ?? null })),
      actions: of('action').map(({ index, cardId, result, tokens: answered, error }) => ({ index: index!, cardId, result, tokens: answered ?? {}, error: error ?? null })),
    };
  }

  card(id: string): Card | undefined {
    return this.hub.cards.get(id);
  }

  acting<T>(run: Run, work: () => T): T {
    const outer = this.acted;
    this.acted = run;
    try {
      return work();
    } finally {
      this.acted = outer;
    }
  }

  defer(time: number, rest: Continuation): void {
    if (!this.running) return;
    // Test runs are not kept: their session ends with the hub.
    if (rest.run.flowId !== null && !rest.run.sessionId) this.arm(this.pending.add(time, rest));
    else this.schedule(time, () => this.resume(rest));
  }

  /**
   * An undo cannot be kept across a restart (it is the card's own function): a saved flow's pending undo is noted in
   * hub.db only so that the next start reports it cancelled.
   */
  undoAt(run: Run, cardId: string, time: number, undo: () => void | Promise<void>): void {
    if (!this.running) return;
    const noted = run.flowId !== null && !run.sessionId ? this.pending.add(time, { run, undo: cardId }) : undefined;
    this.schedule(time, () => {
      if (noted) this.pending.remove(noted.id);
      Promise.resolve()
        .then(undo)
        .catch((error) => this.log(run, `undoing ${cardId} after its duration failed: ${message(error)}`));
    });
  }

  log(run: Run, text: string): void {
    this.hub.system.log.write('info', FLOW_URI, `${run.kind} "${run.name}"${run.flowId ? ` (${run.flowId})` : ''}: ${text}`);
  }

  report(run: Run, progress: Progress): void {
    this.collecting.get(run)?.push(progress);
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
    if (!this.begin(run)) return;
    if (entry.kind === 'flow') this.launch(run, () => runFlow(this, run, entry.flow, firing.tokens));
    else this.launch(run, () => walk(this, run, entry.flow.cards, [entry.key], firing.tokens));
  }

  /** Counts the run in the chain of the action that started it, if any; false (logged) when the chain is too long. */
  private begin(run: Run): boolean {
    const chain = this.acted ? (this.chains.get(this.acted) ?? 0) + 1 : 0;
    if (chain >= MAX_CHAIN) {
      this.log(run, `not started: ${MAX_CHAIN} flows in a row started one another (a loop?)`);
      return false;
    }
    this.chains.set(run, chain);
    return true;
  }

  /** A waiting run goes on: a saved flow only while it still exists and is enabled. */
  private resume(rest: Continuation): void {
    const { run } = rest;
    const saved = run.flowId === null ? undefined : this.saved(run.kind, run.flowId);
    if (run.flowId !== null && !saved?.flow.enabled) return this.log(run, `the rest of a run was dropped: the flow is ${saved ? 'disabled' : 'deleted'}`);
    if ('actions' in rest) {
      this.launch(run, async () => {
        if ((await runActions(this, run, rest.actions, rest.tokens)) === 'done' && run.sessionId) this.testEnded(run);
      });
    } else if (saved?.kind === 'advancedflow') {
      // A run goes on through an advanced flow's cards only in a saved advanced flow (testFlow runs flows only).
      this.launch(run, () => walk(this, run, saved.flow.cards, rest.cards, rest.tokens, rest.from));
    }
  }

  /** The saved flow or advanced flow, if there is one. */
  private saved(kind: 'flow' | 'advancedflow', id: string): SavedFlow | undefined {
    if (kind === 'flow') {
      const flow = this.hub.store.get('flow', id);
      return flow && { kind, flow };
    }
    const flow = this.hub.store.get('advancedflow', id);
    return flow && { kind, flow };
  }

  private launch(run: Run, work: () => Promise<unknown>): Promise<void> {
    return work().then(
      () => undefined,
      (error) => this.log(run, `failed: ${message(error)}`),
    );
  }

  private arm(step: PendingStep<Continuation>): void {
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

declare module '../core/context.js' {
  interface Hub {
    /** Runs the home's flows on their triggers, by hand and as tests. */
    flowEngine: FlowEngine;
  }
}

/** The hub's one flow engine: hears triggers from its start on and stops hearing them with the hub. */
export const flowEngine: HubService<Pick<Hub, 'cards'>, Pick<Hub, 'flowEngine'>, HubPart> = {
  name: 'flow engine',
  // Whole: running a flow's cards may reach any manager of the hub.
  later: WHOLE_HUB,
  start: (hub) => {
    const engine = new FlowEngine(hub);
    engine.open();
    return { gives: { flowEngine: engine }, stop: () => engine.close() };
  },
};
