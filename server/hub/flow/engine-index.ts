import type { HubStore } from '../core/items.js';
import type { StoredAdvancedFlow } from './advanced-flows.js';
import type { StoredFlow } from './flows.js';
import type { CardEntry } from './run.js';

/** An enabled flow, or an advanced flow's trigger card (`key` in its cards), that a trigger card starts. */
export type Triggered =
  | { kind: 'flow'; flow: StoredFlow; trigger: CardEntry }
  | { kind: 'advancedflow'; flow: StoredAdvancedFlow; key: string; trigger: CardEntry };

/**
 * The enabled flows and advanced flows by trigger card id, so that a firing looks at the flows it starts and not at
 * every flow. Rebuilt when the store's list of either type changes: its snapshot is a new object after every write
 * (ItemStore.list), whoever wrote, committed or rolled back, so the index can never be stale.
 */
export class FlowIndex {
  private flows: object | undefined;
  private advancedFlows: object | undefined;
  private byTrigger = new Map<string, Triggered[]>();

  constructor(private readonly store: HubStore) {}

  triggeredBy(cardId: string): Triggered[] {
    this.refresh();
    return this.byTrigger.get(cardId) ?? [];
  }

  private refresh(): void {
    const flows = this.store.list('flow');
    const advancedFlows = this.store.list('advancedflow');
    if (flows === this.flows && advancedFlows === this.advancedFlows) return;
    this.flows = flows;
    this.advancedFlows = advancedFlows;
    const byTrigger = new Map<string, Triggered[]>();
    const add = (entry: Triggered) => {
      const same = byTrigger.get(entry.trigger.id);
      if (same) same.push(entry);
      else byTrigger.set(entry.trigger.id, [entry]);
    };
    for (const flow of Object.values(flows)) {
      if (flow.enabled && flow.trigger?.id) add({ kind: 'flow', flow, trigger: flow.trigger });
    }
    for (const flow of Object.values(advancedFlows)) {
      if (!flow.enabled) continue;
      for (const [key, card] of Object.entries(flow.cards ?? {})) {
        if (card.type === 'trigger' && card.id) add({ kind: 'advancedflow', flow, key, trigger: { id: card.id, args: card.args ?? null } });
      }
    }
    this.byTrigger = byTrigger;
  }
}
