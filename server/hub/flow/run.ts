import type { Hub } from '../core/context.js';
import type { ActionCard, Card, ConditionCard } from './cards.js';
import { cardArgs, type Tokens } from './tokens.js';

/** `delay` and `duration` of an action: `number` seconds (multiplier 1) or minutes (60). */
export interface FlowTime {
  multiplier: number;
  number: string;
}

/** What the engine reads of a flow's cards (the contract's Flow has these fields and more). */
export interface CardEntry {
  id: string;
  args?: Record<string, unknown> | null;
  droptoken?: unknown;
}

export interface ConditionEntry extends CardEntry {
  group?: string | null;
  inverted?: boolean | null;
}

export interface ActionEntry extends CardEntry {
  group?: string | null;
  delay?: FlowTime | null;
  duration?: FlowTime | null;
}

export interface RunnableFlow {
  trigger: CardEntry;
  conditions: ConditionEntry[];
  actions: ActionEntry[];
}

/** One run of a flow: which flow (null for a test run of an unsaved flow), the trigger's state, a test's session. */
export interface Run {
  kind: 'flow' | 'advancedflow';
  flowId: string | null;
  name: string;
  state: Record<string, unknown>;
  sessionId?: string;
}

/** An action still to run, with its place in the flow (a test run reports it). */
export interface ActionStep {
  index: number;
  entry: ActionEntry;
}

/** Where a run waiting on a delay goes on: a flow's remaining actions, or an advanced flow's next cards. */
export type Continuation =
  | { run: Run; tokens: Tokens; actions: ActionStep[] }
  | { run: Run; tokens: Tokens; cards: string[]; from: string };

/** How a test run tells its progress (see FlowEngine.test). */
export interface Progress {
  cardId: string;
  cardType: 'trigger' | 'condition' | 'action';
  /** The card's place in the flow: its index in conditions or actions, or its key in an advanced flow's cards. */
  index?: number;
  key?: string;
  /** Conditions: whether it passed (inverted applied); actions: whether it ran without error. */
  result: boolean;
  error?: string;
  tokens?: Tokens;
}

/** What the engine gives a run: the hub, a clock for delays and durations, a log, and a test's reporter. */
export interface Runner {
  hub: Hub;
  /** The card with this id as the home has it now. */
  card(id: string): Card | undefined;
  /** Goes on with `rest` at `time`; a saved flow's rest is kept in hub.db so that it survives a restart. */
  defer(time: number, rest: Continuation): void;
  /** Runs an action card's own work: flows it starts meanwhile are counted as started by this run (against loops). */
  acting<T>(run: Run, work: () => T): T;
  /** Calls `undo` of the action card `cardId` at `time` (an action's duration). */
  undoAt(run: Run, cardId: string, time: number, undo: () => void | Promise<void>): void;
  log(run: Run, text: string): void;
  report(run: Run, progress: Progress): void;
  /** False once the hub closes: runs then stop where they are. */
  readonly running: boolean;
}

export const milliseconds = (time: FlowTime | null | undefined): number => {
  const amount = Number(time?.number);
  return time && Number.isFinite(amount) && amount > 0 ? amount * (time.multiplier === 60 ? 60_000 : 1000) : 0;
};

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs a condition card; one that is missing or throws does not hold, and is logged with its error. Inverted is
 * applied to what the card answered.
 */
export async function checkCondition(
  runner: Runner, run: Run, entry: ConditionEntry, tokens: Tokens, place: Pick<Progress, 'index' | 'key'>,
): Promise<{ passed: boolean; error?: string }> {
  const { hub } = runner;
  let outcome: { passed: boolean; error?: string };
  try {
    const card = runner.card(entry.id);
    if (card?.type !== 'condition') throw new Error(`Condition card not found: ${entry.id}`);
    const answer = (await (card as ConditionCard).run({ args: cardArgs(hub, entry, tokens), tokens, state: run.state }, hub)) === true;
    outcome = { passed: entry.inverted ? !answer : answer };
  } catch (caught) {
    outcome = { passed: false, error: message(caught) };
    runner.log(run, `condition ${entry.id} failed: ${outcome.error}`);
  }
  runner.report(run, { cardId: entry.id, cardType: 'condition', ...place, result: outcome.passed, ...(outcome.error === undefined ? {} : { error: outcome.error }) });
  return outcome;
}

/** Conditions in groups: the flow goes on when every condition of some group passes (or there are none). */
export async function conditionsPass(runner: Runner, run: Run, conditions: ConditionEntry[], tokens: Tokens): Promise<boolean> {
  if (!conditions.length) return true;
  const groups = new Map<string, Array<[number, ConditionEntry]>>();
  conditions.forEach((entry, index) => {
    const group = entry.group ?? 'group1';
    groups.set(group, [...(groups.get(group) ?? []), [index, entry]]);
  });
  for (const group of groups.values()) {
    let all = true;
    for (const [index, entry] of group) {
      if (!(await checkCondition(runner, run, entry, tokens, { index })).passed) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
}

/**
 * Runs an action card with its args filled in and answers the tokens for the cards after it. With a duration, the
 * card's undo is called once it has passed. Throws what the card throws (the caller decides what follows).
 */
export async function runAction(runner: Runner, run: Run, entry: ActionEntry, tokens: Tokens): Promise<Tokens> {
  const { hub } = runner;
  const card = runner.card(entry.id);
  if (card?.type !== 'action') throw new Error(`Action card not found: ${entry.id}`);
  const duration = milliseconds(entry.duration);
  const call = { args: cardArgs(hub, entry, tokens), tokens, state: run.state, ...(duration ? { duration } : {}) };
  const result = await runner.acting(run, () => (card as ActionCard).run(call, hub));
  if (result?.undo && duration) runner.undoAt(run, entry.id, hub.now() + duration, result.undo);
  return result?.tokens ? { ...tokens, ...result.tokens } : tokens;
}

/**
 * A flow's actions in order, each after its delay (counted from the action before it); an action that fails is
 * logged and the next one runs. A delay hands the rest of the run to `runner.defer`. Answers whether the run is
 * over or goes on later.
 */
export async function runActions(runner: Runner, run: Run, steps: ActionStep[], tokens: Tokens): Promise<'done' | 'deferred'> {
  let current = tokens;
  for (const [position, step] of steps.entries()) {
    if (!runner.running) return 'done';
    const delay = milliseconds(step.entry.delay);
    if (delay) {
      const rest = [{ ...step, entry: { ...step.entry, delay: null } }, ...steps.slice(position + 1)];
      runner.defer(runner.hub.now() + delay, { run, tokens: current, actions: rest });
      return 'deferred';
    }
    try {
      current = await runAction(runner, run, step.entry, current);
      runner.report(run, { cardId: step.entry.id, cardType: 'action', index: step.index, result: true, tokens: current });
    } catch (error) {
      runner.log(run, `action ${step.entry.id} failed: ${message(error)}`);
      runner.report(run, { cardId: step.entry.id, cardType: 'action', index: step.index, result: false, error: message(error) });
    }
  }
  return 'done';
}

/** A flow from its conditions on: the `then` actions when they pass, else the `else` actions. */
export async function runFlow(runner: Runner, run: Run, flow: RunnableFlow, tokens: Tokens): Promise<'done' | 'deferred'> {
  const passed = await conditionsPass(runner, run, flow.conditions, tokens);
  const group = passed ? 'then' : 'else';
  const steps = flow.actions.flatMap((entry, index) => ((entry.group ?? 'then') === group ? [{ index, entry }] : []));
  return runActions(runner, run, steps, tokens);
}
