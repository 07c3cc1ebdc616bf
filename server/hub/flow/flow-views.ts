import { shareAnswer } from '../../http/list-encoding.js';
import type { Hub, HubCore } from '../core/context.js';
import { advancedFlowView, type AdvancedFlow, type StoredAdvancedFlow } from './advanced-flows.js';
import { flowView, type Flow, type StoredFlow } from './flows.js';

const APPS_URI = 'homey:manager:apps';

type Kind = 'flow' | 'advancedflow';
interface Views {
  flow: { stored: StoredFlow; view: Flow };
  advancedflow: { stored: StoredAdvancedFlow; view: AdvancedFlow };
}

/**
 * Flows and advanced flows as the API answers them (with `broken` and `triggerable`), kept per flow and as whole
 * list answers: a view is made again only when its flow was saved, when a card or token it uses came or went (the
 * flow manager tells, see `forget`) or when an app changed (its cards, for every flow), so a list read after one
 * flow's create or one device's delete costs the flows it touched.
 */
export class FlowViews {
  /** Counts the changes of apps (whose cards any flow may use); a view made before the last one is made again. */
  private generation = 0;
  /** Counts the views forgotten, so that a list answer made before is made again. */
  private forgotten = 0;
  private readonly views: { [K in Kind]: Map<string, Views[K] & { generation: number }> } = { flow: new Map(), advancedflow: new Map() };
  private readonly lists = new Map<Kind, { snapshot: object; generation: number; forgotten: number; answer: object }>();
  private readonly stop: () => void;

  constructor(private readonly hub: HubCore & Pick<Hub, 'appFlowTokens' | 'cards'>) {
    this.stop = hub.bus.subscribe(({ uri }) => {
      if (uri === APPS_URI) this.generation++;
    });
  }

  /** These flows' `broken` may have changed (a card or token they use came or went): their views are made again. */
  forget(flows: ReadonlyMap<string, Kind>): void {
    for (const [id, kind] of flows) this.views[kind].delete(id);
    if (flows.size) this.forgotten++;
  }

  flow(stored: StoredFlow): Flow {
    return this.view('flow', stored, () => flowView(this.hub, stored));
  }

  advancedFlow(stored: StoredAdvancedFlow): AdvancedFlow {
    return this.view('advancedflow', stored, () => advancedFlowView(this.hub, stored));
  }

  /** Every flow's view keyed by id, one shared answer until a flow or what `broken` depends on changes. */
  flows(): Readonly<Record<string, Flow>> {
    return this.list('flow', (stored) => this.flow(stored));
  }

  advancedFlows(): Readonly<Record<string, AdvancedFlow>> {
    return this.list('advancedflow', (stored) => this.advancedFlow(stored));
  }

  close(): void {
    this.stop();
  }

  private view<K extends Kind>(kind: K, stored: Views[K]['stored'], make: () => Views[K]['view']): Views[K]['view'] {
    const views = this.views[kind] as Map<string, { stored: object; view: Views[K]['view']; generation: number }>;
    const kept = views.get(stored.id);
    if (kept?.stored === stored && kept.generation === this.generation) return kept.view;
    const view = make();
    views.set(stored.id, { stored, view, generation: this.generation });
    return view;
  }

  private list<K extends Kind>(kind: K, view: (stored: Views[K]['stored']) => Views[K]['view']): Readonly<Record<string, Views[K]['view']>> {
    const snapshot = this.hub.store.list(kind);
    const kept = this.lists.get(kind);
    if (kept?.snapshot === snapshot && kept.generation === this.generation && kept.forgotten === this.forgotten) return kept.answer as Record<string, Views[K]['view']>;
    const views = this.views[kind];
    for (const id of views.keys()) if (!Object.hasOwn(snapshot, id)) views.delete(id);
    const answer = shareAnswer(Object.fromEntries(Object.values(snapshot).map((stored) => [stored.id, view(stored)])), views);
    this.lists.set(kind, { snapshot, generation: this.generation, forgotten: this.forgotten, answer });
    return answer;
  }
}
