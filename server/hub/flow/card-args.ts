import { badRequest } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import type { ActionCard, Card, ConditionCard } from './cards.js';
import type { ArgSpec } from '../../common/app-package/manifest.js';
import { cardArgs, type Tokens } from './tokens.js';

const own = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

function checkArg(spec: ArgSpec, value: unknown): unknown {
  const { name, type } = spec;
  const got = JSON.stringify(value);
  switch (type) {
    case 'number':
    case 'range': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) throw badRequest(`Argument ${name} needs a number, not ${got}`);
      if ((spec.min !== undefined && number < spec.min) || (spec.max !== undefined && number > spec.max)) {
        throw badRequest(`Argument ${name} must be between ${spec.min ?? '-∞'} and ${spec.max ?? '∞'}, not ${number}`);
      }
      return number;
    }
    case 'checkbox':
      if (value === 'true' || value === 'false') return value === 'true';
      if (typeof value !== 'boolean') throw badRequest(`Argument ${name} needs true or false, not ${got}`);
      return value;
    case 'dropdown': {
      const ids = (spec.values ?? []).map((choice) => choice.id);
      if (typeof value !== 'string' || !ids.includes(value)) throw badRequest(`Argument ${name} must be one of ${ids.join(', ')}, not ${got}`);
      return value;
    }
    case 'autocomplete': {
      const id = typeof value === 'object' && value !== null && own(value, 'id') ? (value as { id: unknown }).id : undefined;
      if (typeof id !== 'string') throw badRequest(`Argument ${name} needs a choice from its autocomplete ({ id, name }), not ${got}`);
      return value;
    }
    case 'time':
      if (typeof value !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) throw badRequest(`Argument ${name} needs a time as HH:MM, not ${got}`);
      return value;
    case 'date':
      if (typeof value !== 'string' || !/^\d{2}-\d{2}-\d{4}$/.test(value)) throw badRequest(`Argument ${name} needs a date as DD-MM-YYYY, not ${got}`);
      return value;
    case 'color':
      if (typeof value !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(value)) throw badRequest(`Argument ${name} needs a colour as #rrggbb, not ${got}`);
      return value;
    case 'text':
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      if (typeof value !== 'string') throw badRequest(`Argument ${name} needs a text, not ${got}`);
      return value;
  }
}

/** Only the presence of required args: what a saved flow must carry (tokens are filled in only when it runs). */
export function requireArgs(card: Card, args: Readonly<Record<string, unknown>>): void {
  for (const spec of card.args) {
    if (spec.required !== false && isBlank(own(args, spec.name) ? args[spec.name] : undefined)) {
      throw badRequest(`Argument ${spec.name} of card ${card.id} is required`);
    }
  }
}

/**
 * Args checked against the card's ArgSpec and converted (a number from text, a checkbox from "true"), unknown ones
 * dropped except the dropped token. A 400 names the first wrong argument. Checking twice changes nothing, so cards
 * check their own args (whoever runs them) and the run operations check before them.
 */
export function checkArgs(specs: readonly ArgSpec[], args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const checked: Record<string, unknown> = own(args, 'droptoken') ? { droptoken: args.droptoken } : {};
  for (const spec of specs) {
    const value = own(args, spec.name) ? args[spec.name] : undefined;
    if (isBlank(value)) {
      if (spec.required !== false) throw badRequest(`Argument ${spec.name} is required`);
      continue;
    }
    checked[spec.name] = checkArg(spec, value);
  }
  return checked;
}

/** What the run operations give a card: its args with tokens filled in as the engine does (tokens.ts), checked. */
export function prepareArgs(
  hub: HubCore & Pick<Hub, 'appFlowTokens'>, card: Card, entry: { args?: Record<string, unknown>; droptoken?: string }, tokens: Tokens,
): Record<string, unknown> {
  let filled: Record<string, unknown>;
  try {
    filled = cardArgs(hub, entry, tokens);
  } catch (error) {
    throw badRequest((error as Error).message);
  }
  return checkArgs(card.args, filled);
}

/** A condition or action card whose run checks its args first, whoever runs it (the engine or runFlowCard*). */
export function condition(card: Omit<ConditionCard, 'type' | 'run'>, check: (args: Record<string, unknown>, hub: Hub) => boolean): ConditionCard {
  return { ...card, type: 'condition', run: ({ args }, hub) => check(checkArgs(card.args, args), hub) };
}

export function action(
  card: Omit<ActionCard, 'type' | 'run'>, run: (args: Record<string, unknown>, hub: Hub) => ReturnType<ActionCard['run']>,
): ActionCard {
  return { ...card, type: 'action', run: ({ args }, hub) => run(checkArgs(card.args, args), hub) };
}
