import type { Hub } from '../context.js';
import type { Device } from '../devices/device.js';
import { FLOWTOKEN_URI } from '../flowtoken/app-tokens.js';
import { advancedFlowCardIds, advancedFlowView, type StoredAdvancedFlow } from './advanced-flows.js';
import { cardItem, itemTypeOf } from './card-view.js';
import type { Card } from './cards.js';
import { deviceCards } from './device-cards.js';
import { flowCardIds, flowView, type StoredFlow } from './flows.js';
import { addCardProviders } from './providers.js';
import { referenceTo, tokenReferences } from './tokens.js';

const FLOW_URI = 'homey:manager:flow';

/**
 * Device cards come and go with devices: on each device event the device's cards are compared with those it had
 * (only when its capabilities changed: a capability value is also a `device.update`), the difference goes out as
 * `flowcard<type>.create|delete`, and the flows using a card that came or went are announced again (flow.update),
 * their `broken` now true or false.
 */
function watchDeviceCards(hub: Hub): () => void {
  const known = new Map<string, { capabilities: string; cards: Card[] }>();
  const snapshot = (device: Device) => ({ capabilities: device.capabilities.join(), cards: deviceCards(device) });
  for (const device of hub.store.values<Device>('device')) known.set(device.id, snapshot(device));
  return hub.bus.subscribe(({ uri, event, data }) => {
    if (uri !== 'homey:manager:devices' || !event.startsWith('device.')) return;
    const device = data as Device;
    const before = known.get(device.id);
    if (event === 'device.update' && before?.capabilities === device.capabilities.join()) return;
    const after = event === 'device.delete' ? undefined : snapshot(device);
    if (after) known.set(device.id, after);
    else known.delete(device.id);
    const ids = new Set((after?.cards ?? []).map((card) => card.id));
    const gone = (before?.cards ?? []).filter((card) => !ids.has(card.id));
    const had = new Set((before?.cards ?? []).map((card) => card.id));
    const added = (after?.cards ?? []).filter((card) => !had.has(card.id));
    for (const card of gone) {
      hub.bus.publish(FLOW_URI, `${itemTypeOf[card.type]}.delete`, { id: card.id });
      hub.bus.publish(`homey:${itemTypeOf[card.type]}:${card.id}`, 'delete', { id: card.id });
    }
    for (const card of added) hub.bus.publish(FLOW_URI, `${itemTypeOf[card.type]}.create`, cardItem(hub, card));
    if (!gone.length && !added.length) return;
    const cardIds = new Set([...gone, ...added].map((card) => card.id));
    announceFlows(hub, (ids) => ids.some((id) => cardIds.has(id)), () => false);
  });
}

/** Tokens come and go with devices, variables and apps: the flows taking one are announced again, their `broken` now true or false. */
function watchTokens(hub: Hub): () => void {
  return hub.bus.subscribe(({ uri, event, data }) => {
    if (uri !== FLOWTOKEN_URI || (event !== 'flowtoken.create' && event !== 'flowtoken.delete')) return;
    const reference = referenceTo((data as { id: string }).id);
    announceFlows(hub, () => false, (cards) => cards.some((card) => tokenReferences(card).includes(reference)));
  });
}

type FlowCard = { args?: Record<string, unknown> | null; droptoken?: unknown };

/** Saves again, so that subscribers hear of them, the flows whose card ids or cards match. */
function announceFlows(hub: Hub, byIds: (ids: string[]) => boolean, byCards: (cards: FlowCard[]) => boolean): void {
  hub.store.transaction(() => {
    for (const flow of hub.store.values<StoredFlow>('flow')) {
      if (byIds(flowCardIds(flow)) || byCards([flow.trigger, ...flow.conditions, ...flow.actions])) hub.store.save('flow', flow);
    }
    for (const flow of hub.store.values<StoredAdvancedFlow>('advancedflow')) {
      if (byIds(advancedFlowCardIds(flow)) || byCards(Object.values(flow.cards))) hub.store.save('advancedflow', flow);
    }
  });
}

/** The flow manager on a starting hub: computed fields in events, the built-in cards, cards following devices. */
export function startFlowManager(hub: Hub): () => void {
  hub.store.presentAs<StoredFlow>('flow', (flow) => flowView(hub, flow));
  hub.store.presentAs<StoredAdvancedFlow>('advancedflow', (flow) => advancedFlowView(hub, flow));
  const removeProviders = addCardProviders(hub);
  const stopWatching = [watchDeviceCards(hub), watchTokens(hub)];
  return () => {
    stopWatching.forEach((stop) => stop());
    removeProviders();
  };
}
