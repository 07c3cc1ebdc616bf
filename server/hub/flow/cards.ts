import type { ArgSpec, TokenSpec, TokenValue } from '../../common/app-package/manifest.js';
import type { Hub } from '../core/context.js';

/**
 * The seam between the flow cards and the flow engine. Managers (devices, logic, alarms, presence, notifications,
 * moods ...) contribute card providers; the flow manager lists their cards and runs them; the engine hears
 * triggers fire and runs the flows that start with them. Card ids are `<ownerUri>:<localId>`, owner uris exactly
 * three colon-separated parts (PROTOCOL.md §2).
 */
export type CardType = 'trigger' | 'condition' | 'action';

/** What every card is, whatever its type. */
export interface CardDefinition {
  type: CardType;
  /** `<ownerUri>:<localId>`. */
  id: string;
  ownerUri: string;
  title: string;
  /** The title with `[[arg]]` placeholders, as the editor shows a filled-in card. */
  titleFormatted?: string;
  hint?: string;
  args: ArgSpec[];
  /** Triggers: what they hand on; actions: what they answer. */
  tokens?: TokenSpec[];
  /** Actions that can be undone after a duration (turn on for 1 minute). */
  duration?: boolean;
  deprecated?: boolean;
  /** Takes a token as input (a "drop token"). */
  droptoken?: boolean;
  /** Offered in advanced flows only. */
  advanced?: boolean;
  /** Shown first in the editor. */
  highlight?: boolean;
  /**
   * Suggestions for its `autocomplete` arg `argName`: the things whose name contains `query`, best first. `args`: the
   * card's other argument values so far, as the flow editor sends them.
   */
  autocomplete?(argName: string, query: string, hub: Hub, args: Record<string, unknown>): AutocompleteItem[] | Promise<AutocompleteItem[]>;
}

/** One suggestion for an autocomplete arg; the chosen one is stored whole as the arg's value. */
export interface AutocompleteItem {
  id: string;
  name: string;
  description?: string;
}

/** A card being run: its args (tokens already filled in), the flow's tokens so far and the trigger's state. */
export interface CardCall {
  args: Record<string, unknown>;
  tokens: Record<string, TokenValue>;
  state: Record<string, unknown>;
  /** Actions with `duration`: undo after this many ms. */
  duration?: number;
}

export interface TriggerCard extends CardDefinition {
  type: 'trigger';
  /** Whether a flow whose trigger has these args starts on this firing (e.g. "turned on" vs the fired state). */
  matches?(args: Record<string, unknown>, state: Record<string, unknown>): boolean;
}

export interface ConditionCard extends CardDefinition {
  type: 'condition';
  run(call: CardCall, hub: Hub): boolean | Promise<boolean>;
}

export interface ActionCard extends CardDefinition {
  type: 'action';
  /** Does the action; may answer tokens for the cards after it, and, with a duration, how to undo it. */
  run(call: CardCall, hub: Hub): ActionResult | void | Promise<ActionResult | void>;
}

export interface ActionResult {
  tokens?: Record<string, TokenValue>;
  /** Called when the card's duration has passed. */
  undo?: () => void | Promise<void>;
}

export type Card = TriggerCard | ConditionCard | ActionCard;

/** A trigger card firing: the flows whose trigger is `cardId` (and whose args match `state`) start with `tokens`. */
export interface TriggerFiring {
  cardId: string;
  tokens: Record<string, TokenValue>;
  state: Record<string, unknown>;
}

/** A card as an index knows it: its id and type. */
export type CardKey = Pick<Card, 'id' | 'type'>;

/** What a manager contributes: its cards as the home is now, and, for triggers, when they fire. */
export interface CardProvider {
  cards(hub: Hub): Card[];
  /** One card by id without computing the others (a provider with many cards, such as the devices'). */
  card?(hub: Hub, id: string): Card | undefined;
  /**
   * For a provider whose cards follow items of the home (the devices'): tells `present` each owner's cards as the
   * home has them before it returns (their ids and types: what the registry's index keeps), then `changed` whenever an
   * owner's cards may have changed (none when it went), so that the registry indexes them and tells what came and
   * went. Returns the stop.
   */
  follow?(hub: Hub, changed: (ownerUri: string, cards: readonly Card[]) => void, present: (ownerUri: string, cards: readonly CardKey[]) => void): () => void;
  /** Starts telling `fire` each firing of this provider's triggers; returns the stop. */
  listen?(hub: Hub, fire: (firing: TriggerFiring) => void): () => void;
}
