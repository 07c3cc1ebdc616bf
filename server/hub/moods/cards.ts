import type { CardProvider } from '../flow/cards.js';
import { action } from '../flow/card-args.js';
import { matchByName } from '../flow/card-calls.js';
import type { AutocompleteItem } from '../flow/cards.js';
import { requireMood, setMood } from './moods.js';

const MOODS = 'homey:manager:moods';

const setMoodCard = action(
  {
    id: `${MOODS}:set_mood`, ownerUri: MOODS, title: 'Set a mood', titleFormatted: 'Set [[mood]]',
    args: [{ name: 'mood', type: 'autocomplete', title: 'Mood', required: true }],
    autocomplete: (_arg, query, hub) => matchByName(hub.store.values('mood'), query).map(({ id, name }) => ({ id, name })),
  },
  ({ mood }, hub) => {
    setMood(hub, requireMood(hub, (mood as AutocompleteItem).id));
  },
);

/** The moods manager's flow card: "Set a mood", applying its device states as POST /mood/{id}/set does. */
export const moodCardProvider: CardProvider = {
  cards: () => [setMoodCard],
};
