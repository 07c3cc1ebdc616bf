import { ApiError } from '../../http/errors.js';
import type { Hub } from '../core/context.js';
import type { AutocompleteItem, Card, CardProvider } from '../flow/cards.js';
import type { ManifestCard, TokenValue } from '../../common/app-package/manifest.js';
import { appUri } from './app-record.js';
import { TRIGGER_DEVICE, TRIGGER_MATCHED } from './sdk-bridge.js';

/** Whether a firing of an app's trigger starts the flow with these args: its device's, and its run listener's choice. */
function triggerMatches(card: ManifestCard, args: Record<string, unknown>, state: Record<string, unknown>): boolean {
  if (card.deviceArg && (args[card.deviceArg.name] as { id?: unknown } | undefined)?.id !== state[TRIGGER_DEVICE]) return false;
  const matched = state[TRIGGER_MATCHED];
  return !Array.isArray(matched) || matched.includes(JSON.stringify(args));
}

/** The app's devices of the card's driver whose name holds `query`, for its `device` arg. */
function deviceChoices(hub: Hub, appId: string, card: ManifestCard, query: string): AutocompleteItem[] {
  const driverId = card.deviceArg?.driverId;
  const needle = query.toLowerCase();
  return hub.store.values('device')
    .filter((device) => device.ownerUri === appUri(appId) && (driverId === undefined || device.driverId === `${appUri(appId)}:${driverId}`))
    .filter((device) => device.name.toLowerCase().includes(needle))
    .map((device) => ({ id: device.id, name: device.name }));
}

/** The flow cards of the installed, enabled apps; running one asks the app's worker (409 when it does not run). */
export const appCardProvider: CardProvider = {
  cards(hub: Hub): Card[] {
    const runtime = hub.apps;
    return hub.store.values('app').flatMap((app) => {
      const pack = runtime.packages.get(app.id);
      if (!pack || !app.enabled) return [];
      const ownerUri = appUri(app.id);
      const autocomplete = (cardType: string, card: ManifestCard) => async (argName: string, query: string, _hub: Hub, args: Record<string, unknown>): Promise<AutocompleteItem[]> => {
        if (argName === card.deviceArg?.name) return deviceChoices(hub, app.id, card, query);
        const found = await runtime.worker(app.id).call({ type: 'autocomplete', cardType, cardId: card.id, name: argName, query, args, now: hub.now() });
        // An SDK result is { name, description, ... }: the id it is chosen by is its own, else its name.
        return (Array.isArray(found) ? (found as Array<Record<string, unknown>>) : []).map((item) => ({ ...item, id: String(item.id ?? item.name), name: String(item.name) }));
      };
      const base = (cardType: string, card: ManifestCard) => ({
        id: `${ownerUri}:${card.id}`,
        ownerUri,
        title: card.title,
        ...(card.titleFormatted ? { titleFormatted: card.titleFormatted } : {}),
        args: card.args ?? [],
        tokens: card.tokens,
        autocomplete: autocomplete(cardType, card),
      });
      const run = (cardType: string, card: ManifestCard, args: Record<string, unknown>, state: Record<string, unknown>) => {
        runtime.countCardRun(app.id, card.id);
        return runtime.worker(app.id).call({ type: 'run', cardType, cardId: card.id, args, state, now: hub.now() }).catch((error: Error) => {
          // What the app's code threw, told as the app's (502, as its routes answer): the hub itself did not fail.
          throw new ApiError(502, 'app_error', `${app.name}: ${error.message}`);
        });
      };
      const { triggers, conditions, actions } = pack.manifest.flow;
      return [
        ...triggers.map((card): Card => ({
          ...base('trigger', card),
          type: 'trigger',
          matches: (args, state) => triggerMatches(card, args, state),
        })),
        ...conditions.map((card): Card => ({
          ...base('condition', card),
          type: 'condition',
          run: async ({ args, state }) => (await run('condition', card, args, state)) === true,
        })),
        ...actions.map((card): Card => ({
          ...base('action', card),
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
