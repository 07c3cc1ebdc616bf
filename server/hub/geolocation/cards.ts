import { conflict } from '../../http/errors.js';
import { condition } from '../flow/card-args.js';
import type { Card, CardProvider, TriggerCard } from '../flow/cards.js';
import { hubLocation } from './geolocation.js';
import { sunAltitude } from '../../common/sun.js';
import { onSunEvent, type SunEventKind } from './sun-events.js';

const GEOLOCATION = 'homey:manager:geolocation';

const sunTriggers: Array<[SunEventKind, string]> = [
  ['dawn', 'It dawns'],
  ['sunrise', 'The sun rises'],
  ['sunset', 'The sun sets'],
  ['dusk', 'It gets dark'],
];

const cards: Card[] = [
  ...sunTriggers.map(([kind, title]): TriggerCard => ({
    type: 'trigger', id: `${GEOLOCATION}:${kind}`, ownerUri: GEOLOCATION, title, args: [],
    hint: 'At the home\'s location (the geolocation option), by the hub clock.',
    tokens: [{ id: 'time', title: 'Time', type: 'string', example: '2026-06-21T03:19:14.297Z' }],
  })),
  condition(
    { id: `${GEOLOCATION}:sun_is_up`, ownerUri: GEOLOCATION, title: 'The sun is up', args: [], hint: 'Invert the card for "the sun is down".' },
    (_args, hub) => {
      const location = hubLocation(hub);
      if (!location) throw conflict('The hub has no location yet: set the geolocation option location first');
      return sunAltitude(hub.now(), location.latitude, location.longitude) > -0.833;
    },
  ),
];

/** The sun's flow cards: dawn, sunrise, sunset and dusk at the home's location, and "the sun is up". */
export const sunCardProvider: CardProvider = {
  cards: () => cards,
  listen: (hub, fire) =>
    onSunEvent(hub, ({ kind, time }) => fire({ cardId: `${GEOLOCATION}:${kind}`, tokens: { time: new Date(time).toISOString() }, state: {} })),
};
