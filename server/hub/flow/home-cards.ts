import { notFound } from '../../http/errors.js';
import type { Hub } from '../core/context.js';
import { onPresenceChanged, presenceOf, type PresenceKind } from '../presence/presence.js';
import { condition } from './card-args.js';
import { matchByName } from './card-calls.js';
import type { AutocompleteItem, Card, CardProvider, TriggerCard } from './cards.js';
import type { ArgSpec } from '../../common/app-package/manifest.js';

const ALARMS = 'homey:manager:alarms';
const PRESENCE = 'homey:manager:presence';

const sameId = (arg: unknown, id: unknown) => (arg as AutocompleteItem | undefined)?.id === id;

const alarmCards: Card[] = [
  {
    type: 'trigger', id: `${ALARMS}:alarm_fired`, ownerUri: ALARMS, title: 'An alarm goes off', titleFormatted: '[[alarm]] goes off',
    args: [{ name: 'alarm', type: 'autocomplete', title: 'Alarm' }], tokens: [{ id: 'name', title: 'Alarm', type: 'string', example: 'Wake up' }],
    autocomplete: (_arg, query, hub) => matchByName(hub.store.values('alarm'), query).map(({ id, name, time }) => ({ id, name, description: time })),
    matches: (args, state) => sameId(args.alarm, state.alarmId),
  },
];

/** Alarms: "an alarm goes off", fired by the alarm scheduler on the hub clock. */
export const alarmCardProvider: CardProvider = {
  cards: () => alarmCards,
  listen: (hub, fire) => hub.alarms.onAlarmFired((alarm) => fire({ cardId: `${ALARMS}:alarm_fired`, tokens: { name: alarm.name }, state: { alarmId: alarm.id } })),
};

const userArg: ArgSpec = { name: 'user', type: 'autocomplete', title: 'Who' };
const users = (_arg: string, query: string, hub: Hub): AutocompleteItem[] =>
  matchByName(hub.store.values('user'), query).map(({ id, name, role }) => ({ id, name, description: role }));

/** The presence triggers by what changed to what. */
const presenceTriggers: Array<[local: string, kind: PresenceKind, value: boolean, title: string]> = [
  ['user_came_home', 'present', true, 'came home'],
  ['user_left', 'present', false, 'left home'],
  ['user_asleep', 'asleep', true, 'went to sleep'],
  ['user_awake', 'asleep', false, 'woke up'],
];

function presenceCondition(local: string, kind: PresenceKind, title: string): Card {
  return condition({ id: `${PRESENCE}:${local}`, ownerUri: PRESENCE, title: `Someone ${title}`, titleFormatted: `[[user]] ${title}`, args: [userArg], autocomplete: users, hint: 'Invert the card for the opposite.' },
    ({ user }, hub) => {
      const id = (user as AutocompleteItem).id;
      if (!hub.store.get('user', id)) throw notFound('User');
      return presenceOf(hub, id, kind);
    });
}

const presenceCards: Card[] = [
  ...presenceTriggers.map(([local, , , title]): TriggerCard => ({
    type: 'trigger', id: `${PRESENCE}:${local}`, ownerUri: PRESENCE, title: `Someone ${title}`, titleFormatted: `[[user]] ${title}`,
    args: [userArg], tokens: [{ id: 'name', title: 'Name', type: 'string', example: 'Anna' }], autocomplete: users,
    matches: (args, state) => sameId(args.user, state.userId),
  })),
  presenceCondition('user_is_home', 'present', 'is home'),
  presenceCondition('user_is_asleep', 'asleep', 'is asleep'),
];

/** Presence: someone came home or left, went to sleep or woke up (onPresenceChanged), and whether they are. */
export const presenceCardProvider: CardProvider = {
  cards: () => presenceCards,
  listen: (hub, fire) =>
    onPresenceChanged(hub, ({ userId, kind, value }) => {
      const [local] = presenceTriggers.find(([, k, v]) => k === kind && v === value)!;
      const name = hub.store.get('user', userId)?.name ?? '';
      fire({ cardId: `${PRESENCE}:${local}`, tokens: { name }, state: { userId } });
    }),
};
