import { badRequest, notFound } from '../../http/errors.js';
import type { Hub } from '../core/context.js';
import type { Variable } from '../logic/api.js';
import { onWebhook } from '../logic/webhooks.js';
import { action, condition } from './card-args.js';
import { matchByName } from './card-calls.js';
import type { AutocompleteItem, Card, CardProvider } from './cards.js';
import type { ArgSpec } from '../../common/app-package/manifest.js';

const OWNER = 'homey:manager:logic';
const id = (local: string) => `${OWNER}:${local}`;
type VariableType = Variable['type'];

const variableArg: ArgSpec = { name: 'variable', type: 'autocomplete', title: 'Variable' };

/** Autocomplete over the variables of these types, by name. */
const variablesOf = (...types: VariableType[]) => (_arg: string, query: string, hub: Hub): AutocompleteItem[] =>
  matchByName(hub.store.values('variable').filter((variable) => types.includes(variable.type)), query)
    .map(({ id, name, type }) => ({ id, name, description: type }));

/** The variable an autocomplete arg names, as it is now: a 404 when deleted, a 400 when not of the type. */
function variableIn(hub: Hub, arg: unknown, ...types: VariableType[]): Variable {
  const variable = hub.store.get('variable', (arg as AutocompleteItem).id);
  if (!variable) throw notFound('Variable');
  if (!types.includes(variable.type)) throw badRequest(`The variable "${variable.name}" is a ${variable.type}, not a ${types.join(' or ')}`);
  return variable;
}

/** A text value as the variable's type stores it (the set-variable action takes text, tokens filled in). */
function valueFor(variable: Variable, text: string): Variable['value'] {
  if (variable.type === 'string') return text;
  if (variable.type === 'number') {
    const number = Number(text);
    if (text.trim() === '' || !Number.isFinite(number)) throw badRequest(`The variable "${variable.name}" needs a number, not "${text}"`);
    return number;
  }
  if (text !== 'true' && text !== 'false') throw badRequest(`The variable "${variable.name}" needs true or false, not "${text}"`);
  return text === 'true';
}

const logicCards: Card[] = [
  {
    type: 'trigger', id: id('variable_changed'), ownerUri: OWNER, title: 'A variable changed', titleFormatted: '[[variable]] changed',
    args: [variableArg], tokens: [{ id: 'value', title: 'Value', type: 'string', example: 'true' }],
    autocomplete: variablesOf('string', 'number', 'boolean'),
    matches: (args, state) => (args.variable as AutocompleteItem | undefined)?.id === state.variableId,
  },
  {
    type: 'trigger', id: id('webhook'), ownerUri: OWNER, title: 'A webhook is called', titleFormatted: 'The webhook [[event]] is called',
    hint: 'GET /api/manager/logic/webhook/<event>?tag=<text> starts the flow; the tag is its token.',
    args: [{ name: 'event', type: 'text', title: 'Event', placeholder: 'doorbell' }], tokens: [{ id: 'tag', title: 'Tag', type: 'string', example: 'front door' }],
    matches: (args, state) => args.event === state.event,
  },
  condition({ id: id('variable_equals'), ownerUri: OWNER, title: 'A variable is a value', titleFormatted: '[[variable]] is [[value]]', autocomplete: variablesOf('string', 'number', 'boolean'),
    args: [variableArg, { name: 'value', type: 'text', title: 'Value' }] },
  ({ variable, value }, hub) => String(variableIn(hub, variable, 'string', 'number', 'boolean').value) === value),
  condition({ id: id('variable_greater_than'), ownerUri: OWNER, title: 'A number variable is above a value', titleFormatted: '[[variable]] is above [[value]]',
    autocomplete: variablesOf('number'), args: [variableArg, { name: 'value', type: 'number', title: 'Value' }] },
  ({ variable, value }, hub) => (variableIn(hub, variable, 'number').value as number) > (value as number)),
  condition({ id: id('variable_less_than'), ownerUri: OWNER, title: 'A number variable is below a value', titleFormatted: '[[variable]] is below [[value]]',
    autocomplete: variablesOf('number'), args: [variableArg, { name: 'value', type: 'number', title: 'Value' }] },
  ({ variable, value }, hub) => (variableIn(hub, variable, 'number').value as number) < (value as number)),
  condition({ id: id('variable_is_true'), ownerUri: OWNER, title: 'A yes/no variable is true', titleFormatted: '[[variable]] is true',
    autocomplete: variablesOf('boolean'), args: [variableArg], hint: 'Invert the card for false.' },
  ({ variable }, hub) => variableIn(hub, variable, 'boolean').value === true),
  action({ id: id('variable_set'), ownerUri: OWNER, title: 'Set a variable', titleFormatted: 'Set [[variable]] to [[value]]', hint: "The value must suit the variable's type.",
    autocomplete: variablesOf('string', 'number', 'boolean'), args: [variableArg, { name: 'value', type: 'text', title: 'Value' }] },
  ({ variable, value }, hub) => {
    const current = variableIn(hub, variable, 'string', 'number', 'boolean');
    hub.store.save('variable', { ...current, value: valueFor(current, value as string) });
  }),
];

/**
 * Logic variables and webhooks. A variable's trigger fires on each committed change of its value, however it was
 * made (the API, a flow): the store's `variable.update` events, compared with the value last seen.
 */
export const logicCardProvider: CardProvider = {
  cards: () => logicCards,
  listen(hub, fire) {
    const seen = new Map(hub.store.values('variable').map((variable) => [variable.id, variable.value]));
    const stopVariables = hub.bus.subscribe(({ uri, event, data }) => {
      if (uri !== 'homey:manager:logic' || !event.startsWith('variable.')) return;
      const variable = data as Variable;
      if (event === 'variable.delete') return void seen.delete(variable.id);
      const changed = event === 'variable.update' && seen.get(variable.id) !== variable.value;
      seen.set(variable.id, variable.value);
      if (changed) fire({ cardId: id('variable_changed'), tokens: { value: variable.value }, state: { variableId: variable.id } });
    });
    const stopWebhooks = onWebhook(hub, ({ event, tag }) => fire({ cardId: id('webhook'), tokens: { tag }, state: { event } }));
    return () => {
      stopVariables();
      stopWebhooks();
    };
  },
};
