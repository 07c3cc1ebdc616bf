import { checkCondition, milliseconds, runAction, type FlowTime, type Run, type Runner } from './run.js';
import type { Tokens } from './tokens.js';

/** What the engine reads of an advanced flow's card (the contract's AdvancedFlowCard has these fields and more). */
export interface AdvancedCard {
  type: string;
  id?: string;
  args?: Record<string, unknown> | null;
  droptoken?: unknown;
  inverted?: boolean | null;
  outputSuccess?: string[] | null;
  outputTrue?: string[] | null;
  outputFalse?: string[] | null;
  outputError?: string[] | null;
}

export type AdvancedCards = Record<string, AdvancedCard>;

/** A run that loops back on itself stops after this many cards. */
const MAX_CARDS_PER_RUN = 1000;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Walks an advanced flow's cards from `keys`, in parallel along every wire: a trigger, start or any card goes on
 * along outputSuccess, a condition along outputTrue or outputFalse, an action along outputSuccess with the tokens it
 * answered (outputError when it fails), a delay card hands the rest to `runner.defer`. Notes and unknown types end
 * their wire. `budget` counts the cards run, against loops.
 */
export async function walk(runner: Runner, run: Run, cards: AdvancedCards, keys: readonly string[], tokens: Tokens, budget = { left: MAX_CARDS_PER_RUN }): Promise<void> {
  await Promise.all(keys.map((key) => step(runner, run, cards, key, tokens, budget)));
}

async function step(runner: Runner, run: Run, cards: AdvancedCards, key: string, tokens: Tokens, budget: { left: number }): Promise<void> {
  if (!runner.running) return;
  if (!Object.hasOwn(cards, key)) return runner.log(run, `card ${key} not found`);
  if (--budget.left < 0) {
    if (budget.left === -1) runner.log(run, `stopped after ${MAX_CARDS_PER_RUN} cards: its wires loop`);
    return;
  }
  const card = cards[key]!;
  const next = (wire: string[] | null | undefined, nextTokens = tokens) => walk(runner, run, cards, wire ?? [], nextTokens, budget);
  switch (card.type) {
    case 'trigger':
    case 'start':
    case 'any':
      return next(card.outputSuccess);
    case 'condition': {
      const passed = await checkCondition(runner, run, { ...card, id: card.id ?? '' }, tokens, { key });
      return next(passed ? card.outputTrue : card.outputFalse);
    }
    case 'action': {
      let answered: Tokens;
      try {
        answered = await runAction(runner, run, { ...card, id: card.id ?? '' }, tokens);
      } catch (error) {
        runner.log(run, `action ${card.id ?? key} failed: ${message(error)}`);
        runner.report(run, { cardId: card.id ?? '', cardType: 'action', key, result: false, error: message(error) });
        return next(card.outputError);
      }
      runner.report(run, { cardId: card.id ?? '', cardType: 'action', key, result: true, tokens: answered });
      return next(card.outputSuccess, answered);
    }
    case 'delay': {
      const delay = milliseconds(card.args?.delay as FlowTime | undefined);
      if (!delay) return next(card.outputSuccess);
      runner.defer(runner.hub.now() + delay, { run, tokens, cards: card.outputSuccess ?? [] });
      return;
    }
    default:
      return;
  }
}
