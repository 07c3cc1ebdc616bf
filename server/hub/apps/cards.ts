import { ApiError } from '../../http/errors.js';
import type { Hub } from '../context.js';
import type { Card, CardProvider, TokenValue } from '../flow/cards.js';
import type { ManifestCard } from './manifest.js';
import { appUri } from './runtime.js';

/** The flow cards of the installed, enabled apps; running one asks the app's worker (409 when it does not run). */
export const appCardProvider: CardProvider = {
  cards(hub: Hub): Card[] {
    const runtime = hub.apps;
    return hub.store.values('app').flatMap((app) => {
      const pack = runtime.packages.get(app.id);
      if (!pack || !app.enabled) return [];
      const ownerUri = appUri(app.id);
      const base = (card: ManifestCard) => ({ id: `${ownerUri}:${card.id}`, ownerUri, title: card.title, args: card.args ?? [], tokens: card.tokens });
      const run = (cardType: string, card: ManifestCard, args: Record<string, unknown>, state: Record<string, unknown>) => {
        runtime.countCardRun(app.id, card.id);
        return runtime.worker(app.id).call({ type: 'run', cardType, cardId: card.id, args, state, now: hub.now() }).catch((error: Error) => {
          // What the app's code threw, told as the app's: the hub itself did not fail.
          throw new ApiError(500, 'app_error', `${app.name}: ${error.message}`);
        });
      };
      const { triggers, conditions, actions } = pack.manifest.flow;
      return [
        ...triggers.map((card): Card => ({ ...base(card), type: 'trigger' })),
        ...conditions.map((card): Card => ({
          ...base(card),
          type: 'condition',
          run: async ({ args, state }) => (await run('condition', card, args, state)) === true,
        })),
        ...actions.map((card): Card => ({
          ...base(card),
          type: 'action',
          run: async ({ args, state }) => {
            const tokens = await run('action', card, args, state);
            return typeof tokens === 'object' && tokens !== null ? { tokens: tokens as Record<string, TokenValue> } : undefined;
          },
        })),
      ];
    });
  },
  listen: (hub, fire) => hub.apps.listen(fire),
};
