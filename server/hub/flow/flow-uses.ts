import type { HubStore } from '../core/items.js';
import { advancedFlowCardIds } from './advanced-flows.js';
import { flowCardIds } from './flows.js';
import { tokenReferences } from './tokens.js';

type FlowType = 'flow' | 'advancedflow';
type Uses = Map<string, Map<string, FlowType>>;

/**
 * Which flows and advanced flows use a card (by id) or take a token (by reference), so that a card or token that
 * comes or goes touches the flows that use it and not every flow. Rebuilt when either list changes, on the first
 * question after it: the store's list snapshot is a new object after every write, committed or rolled back.
 */
export class FlowUses {
  private flows: object | undefined;
  private advancedFlows: object | undefined;
  private byCard: Uses = new Map();
  private byToken: Uses = new Map();

  constructor(private readonly store: HubStore) {}

  /** The flows using any of these cards, or taking any of these tokens: flow id → its type. */
  of(cardIds: Iterable<string>, references: Iterable<string> = []): Map<string, FlowType> {
    this.refresh();
    const found = new Map<string, FlowType>();
    for (const id of cardIds) this.byCard.get(id)?.forEach((type, flowId) => found.set(flowId, type));
    for (const reference of references) this.byToken.get(reference)?.forEach((type, flowId) => found.set(flowId, type));
    return found;
  }

  private refresh(): void {
    const flows = this.store.list('flow');
    const advancedFlows = this.store.list('advancedflow');
    if (flows === this.flows && advancedFlows === this.advancedFlows) return;
    [this.flows, this.advancedFlows, this.byCard, this.byToken] = [flows, advancedFlows, new Map(), new Map()];
    const note = (uses: Uses, key: string, flowId: string, type: FlowType) => {
      const users = uses.get(key) ?? new Map<string, FlowType>();
      uses.set(key, users.set(flowId, type));
    };
    const add = (flowId: string, type: FlowType, cardIds: string[], cards: Array<{ args?: Record<string, unknown> | null; droptoken?: unknown }>) => {
      for (const id of cardIds) note(this.byCard, id, flowId, type);
      for (const card of cards) for (const reference of tokenReferences(card)) note(this.byToken, reference, flowId, type);
    };
    for (const flow of Object.values(flows)) add(flow.id, 'flow', flowCardIds(flow), [flow.trigger, ...flow.conditions, ...flow.actions]);
    for (const flow of Object.values(advancedFlows)) add(flow.id, 'advancedflow', advancedFlowCardIds(flow), Object.values(flow.cards));
  }
}
