import { log } from '../../http/log.js';
import type { Hub, HubCore } from '../core/context.js';
import { FLOWTOKEN_URI } from '../flowtoken/app-tokens.js';
import { cardItem, itemTypeOf } from './card-view.js';
import { FlowUses } from './flow-uses.js';
import { FlowViews } from './flow-views.js';
import { addCardProviders } from './providers.js';
import { referenceTo } from './tokens.js';
import type { HubService } from '../core/service.js';

const FLOW_URI = 'homey:manager:flow';

/**
 * Device cards come and go with devices (the registry follows them): what went and came goes out as
 * `flowcard<type>.delete|create`, and the flows using those cards are announced again (flow.update), their `broken`
 * now true or false.
 */
function watchCards(hub: HubCore & Pick<Hub, 'cards'>, uses: FlowUses, announce: Announce): () => void {
  return hub.cards.onChange(({ gone, added }) => {
    for (const card of gone) {
      hub.bus.publish(FLOW_URI, `${itemTypeOf[card.type]}.delete`, { id: card.id });
      hub.bus.publish(`homey:${itemTypeOf[card.type]}:${card.id}`, 'delete', { id: card.id });
    }
    for (const card of added) hub.bus.publish(FLOW_URI, `${itemTypeOf[card.type]}.create`, cardItem(hub, card));
    announce(uses.of([...gone, ...added].map((card) => card.id)));
  });
}

/** Tokens come and go with devices, variables and apps: the flows taking one are announced again, their `broken` now true or false. */
function watchTokens(hub: HubCore, uses: FlowUses, announce: Announce): () => void {
  return hub.bus.subscribe(({ uri, event, data }) => {
    if (uri !== FLOWTOKEN_URI || (event !== 'flowtoken.create' && event !== 'flowtoken.delete')) return;
    announce(uses.of([], [referenceTo((data as { id: string }).id)]));
  });
}

type Announce = (flows: ReadonlyMap<string, 'flow' | 'advancedflow'>) => void;

/**
 * Announces flows again (saved in one transaction, so that subscribers hear of them with their `broken` as it is
 * now), once per flow for what one change caused: a device that goes takes its cards and its tokens, which each
 * touch its flows; they are gathered until the events of that change have all gone out.
 */
function flowAnnouncer(hub: HubCore, views: FlowViews): Announce {
  const waiting = new Map<string, 'flow' | 'advancedflow'>();
  const flush = () => {
    const flows = [...waiting];
    waiting.clear();
    // Run from a microtask, where a throw would end the process: a failed announcement is logged, as a listener's is.
    try {
      hub.store.transaction(() => {
        for (const [id, type] of flows) {
          const flow = hub.store.get(type, id);
          if (flow) hub.store.save(type, flow);
        }
      });
    } catch (error) {
      log.error({ err: error }, 'Flows could not be announced again');
    }
  };
  return (flows) => {
    if (!flows.size) return;
    // Reads from now on compute their `broken` anew; the events follow.
    views.forget(flows);
    if (!waiting.size) queueMicrotask(flush);
    for (const [id, type] of flows) waiting.set(id, type);
  };
}

declare module '../core/context.js' {
  interface Hub {
    /** Flows and advanced flows as the API answers them, kept current (the flow manager's). */
    flowViews: FlowViews;
  }
}

/**
 * The flow manager on a starting hub: flows in events as the API answers them (its flow views), the built-in cards,
 * flows following cards and tokens.
 */
export const flowManager: HubService<Pick<Hub, 'cards' | 'appFlowTokens'>, Pick<Hub, 'flowViews'>> = {
  name: 'flow manager',
  start: (hub) => {
    const views = new FlowViews(hub);
    hub.store.presentAs('flow', (flow) => views.flow(flow));
    hub.store.presentAs('advancedflow', (flow) => views.advancedFlow(flow));
    const uses = new FlowUses(hub.store);
    const announce = flowAnnouncer(hub, views);
    const stopWatching = [watchCards(hub, uses, announce), watchTokens(hub, uses, announce)];
    const removeProviders = addCardProviders(hub);
    const stop = () => {
      stopWatching.forEach((stop) => stop());
      removeProviders();
      views.close();
    };
    return { gives: { flowViews: views }, stop };
  },
};
