import { action } from '../flow/card-args.js';
import type { CardProvider } from '../flow/cards.js';
import { volumeOption } from './audio.js';

const AUDIO = 'homey:manager:audio';

const setVolumeCard = action(
  {
    id: `${AUDIO}:set_volume`, ownerUri: AUDIO, title: 'Set the volume', titleFormatted: 'Set the volume to [[volume]]',
    args: [{ name: 'volume', type: 'range', title: 'Volume', required: true, min: 0, max: 1, step: 0.01 }],
  },
  ({ volume }, hub) => {
    volumeOption.set(hub, volume as number);
  },
);

/** The audio manager's flow card: "Set the volume", as PUT /option/volume does. */
export const audioCardProvider: CardProvider = {
  cards: () => [setVolumeCard],
};
