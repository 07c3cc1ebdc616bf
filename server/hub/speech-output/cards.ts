import { action } from '../flow/card-args.js';
import type { CardProvider } from '../flow/cards.js';
import { say } from './speech.js';

const SPEECH = 'homey:manager:speech-output';

const sayCard = action(
  {
    id: `${SPEECH}:say`, ownerUri: SPEECH, title: 'Say something', titleFormatted: 'Say [[text]]',
    args: [{ name: 'text', type: 'text', title: 'Text', required: true, placeholder: 'The washing is done' }],
  },
  async ({ text }, hub) => {
    await say(hub, { text: String(text) });
  },
);

/** The speech output manager's flow card: "Say something", spoken as POST /say does (the `say` event). */
export const speechCardProvider: CardProvider = {
  cards: () => [sayCard],
};
