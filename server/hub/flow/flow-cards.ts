import { notFound } from '../../http/errors.js';
import type { Hub } from '../core/context.js';
import { action, condition } from './card-args.js';
import { matchByName } from './card-calls.js';
import type { AutocompleteItem, Card, CardProvider } from './cards.js';
import { triggerFlow } from './flow-runs.js';
import { PROGRAMMATIC_TRIGGER } from './flows.js';

const FLOW = 'homey:manager:flow';
const CRON = 'homey:manager:cron';
const MINUTE = 60_000;

const flowArg = { name: 'flow', type: 'autocomplete', title: 'Flow' } as const;

const flows = (startable: boolean) => (_arg: string, query: string, hub: Hub): AutocompleteItem[] =>
  matchByName(hub.store.values('flow').filter((flow) => !startable || flow.trigger.id === PROGRAMMATIC_TRIGGER), query)
    .map(({ id, name, enabled }) => ({ id, name, description: enabled ? 'enabled' : 'disabled' }));

function setEnabled(hub: Hub, arg: unknown, enabled: boolean): void {
  const flow = hub.store.get('flow', (arg as AutocompleteItem).id);
  if (!flow) throw notFound('Flow');
  if (flow.enabled !== enabled) hub.store.save('flow', { ...flow, enabled });
}

const flowCards: Card[] = [
  {
    type: 'trigger', id: PROGRAMMATIC_TRIGGER, ownerUri: FLOW, title: 'This flow is started', highlight: true, args: [], tokens: [],
    hint: 'Start the flow by hand, from the app, from another flow or with POST /api/manager/flow/flow/<id>/trigger.',
  },
  action({ id: `${FLOW}:start_flow`, ownerUri: FLOW, title: 'Start a flow', titleFormatted: 'Start [[flow]]', args: [flowArg], autocomplete: flows(true),
    hint: 'Only flows that start with "This flow is started".' },
  ({ flow }, hub) => triggerFlow(hub, (flow as AutocompleteItem).id)),
  action({ id: `${FLOW}:enable_flow`, ownerUri: FLOW, title: 'Enable a flow', titleFormatted: 'Enable [[flow]]', args: [flowArg], autocomplete: flows(false) },
    ({ flow }, hub) => setEnabled(hub, flow, true)),
  action({ id: `${FLOW}:disable_flow`, ownerUri: FLOW, title: 'Disable a flow', titleFormatted: 'Disable [[flow]]', args: [flowArg], autocomplete: flows(false) },
    ({ flow }, hub) => setEnabled(hub, flow, false)),
];

/** The flow manager's own cards: the manual trigger and starting, enabling and disabling other flows. */
export const flowCardProvider: CardProvider = { cards: () => flowCards };

/** "HH:MM" of an epoch ms in the hub's local time, and minutes since local midnight. */
const localTime = (time: number) => {
  const date = new Date(time);
  return { text: `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`, minutes: date.getHours() * 60 + date.getMinutes() };
};
const minutesOf = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

const timeCards: Card[] = [
  {
    type: 'trigger', id: `${CRON}:time_at`, ownerUri: CRON, title: 'At a time of day', titleFormatted: 'At [[time]]',
    args: [{ name: 'time', type: 'time', title: 'Time' }], tokens: [{ id: 'time', title: 'Time', type: 'string', example: '07:30' }],
    matches: (args, state) => args.time === state.time,
  },
  condition({ id: `${CRON}:time_between`, ownerUri: CRON, title: 'The time is between two times', titleFormatted: 'The time is between [[from]] and [[to]]',
    hint: 'Local time, from the first time up to (not including) the second; 22:00 to 06:30 spans midnight.',
    args: [{ name: 'from', type: 'time', title: 'From' }, { name: 'to', type: 'time', title: 'To' }] },
  ({ from, to }, hub) => {
    const now = localTime(hub.now()).minutes;
    const [start, end] = [minutesOf(from as string), minutesOf(to as string)];
    return start <= end ? now >= start && now < end : now >= start || now < end;
  }),
];

/** Date and time: a trigger every minute on the hub clock (flows match their "HH:MM"), and a time-span condition. */
export const timeCardProvider: CardProvider = {
  cards: () => timeCards,
  listen(hub, fire) {
    let cancel = () => {};
    const arm = () => {
      const next = (Math.floor(hub.now() / MINUTE) + 1) * MINUTE;
      cancel = hub.clock.at(next, () => {
        const { text } = localTime(next);
        fire({ cardId: `${CRON}:time_at`, tokens: { time: text }, state: { time: text } });
        arm();
      });
    };
    arm();
    return () => cancel();
  },
};
