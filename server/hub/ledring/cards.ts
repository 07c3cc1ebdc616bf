import { action } from '../flow/card-args.js';
import type { CardProvider } from '../flow/cards.js';
import { animations } from './catalogue.js';
import { playAnimation } from './ledring.js';

const LEDRING = 'homey:manager:ledring';

const playAnimationCard = action(
  {
    id: `${LEDRING}:play_animation`, ownerUri: LEDRING, title: 'Play an animation on the LED ring', titleFormatted: 'Play [[animation]] on the LED ring',
    args: [{ name: 'animation', type: 'dropdown', title: 'Animation', required: true, values: animations.map(({ id, title }) => ({ id, title })) }],
  },
  ({ animation }, hub) => {
    playAnimation(hub, String(animation));
  },
);

/** The LED ring's flow card: "Play an animation", as POST /animation/{id}/play does. */
export const ledringCardProvider: CardProvider = {
  cards: () => [playAnimationCard],
};
