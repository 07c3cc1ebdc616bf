/**
 * A compile-fail fixture, checked by `tsc --noEmit` (npm test) and never run: each `@ts-expect-error` line is a
 * service list that misses what a service needs, and tsc fails on any of them that compiles. The lines without one
 * show the list as hub.ts starts it.
 */
import { apps } from '../apps/start.js';
import type { Hub, HubCore } from './context.js';
import { demoHome } from '../demo/home.js';
import { flowEngine } from '../flow/engine.js';
import { flowManager } from '../flow/manager.js';
import { cardRegistry } from '../flow/registry.js';
import { insights, insightsRecording } from '../insights/insights.js';
import { HubServices } from './service.js';

export function missingNeeds(core: HubCore): void {
  const withCards = HubServices.on(core).use(cardRegistry);
  withCards.use(flowEngine);

  // @ts-expect-error the flow engine hears the card registry's triggers: no cards, no engine
  HubServices.on(core).use(flowEngine);
  // @ts-expect-error insights record only once the insights are there
  HubServices.on(core).use(insightsRecording);
  // @ts-expect-error the apps start in the app runtime, which starts before them
  withCards.use(flowEngine).use(apps);
  // @ts-expect-error the demo seed comes after the flow manager (and the radios, insights and widgets it fills)
  withCards.use(insights).use(demoHome).use(flowManager);
}

export function incompleteHub(core: HubCore): void {
  // @ts-expect-error a list that leaves out services the hub promises (the flow engine, updates, apps ...) is not a Hub
  const hub: Hub = HubServices.on(core).use(cardRegistry).use(insights).hub;
  void hub;
}
