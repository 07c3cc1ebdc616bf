/**
 * A compile-fail fixture, checked by `tsc --noEmit` (npm test) and never run: each `@ts-expect-error` line is a
 * service list or a service that uses what it does not declare, and tsc fails on any of them that compiles. The
 * lines without one show the list as hub.ts starts it.
 */
import { apps } from '../apps/start.js';
import { capabilityChanges } from '../devices/device.js';
import type { Hub, HubContextOf, HubCore } from './context.js';
import { demoHome } from '../demo/home.js';
import { flowEngine } from '../flow/engine.js';
import { flowManager } from '../flow/manager.js';
import { cardRegistry } from '../flow/registry.js';
import { insights, insightsRecording } from '../insights/insights.js';
import { HubServices, type HubService } from './service.js';

export function missingNeeds(core: HubCore): void {
  const withCards = HubServices.on(core).use(capabilityChanges).use(cardRegistry);
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

export function undeclaredNeeds(): void {
  const declared: HubService<{ insights: Hub['insights'] }, Record<never, never>, 'apps'> = {
    name: 'declared',
    later: { apps: true },
    start: (hub) => {
      void hub.insights;
      void hub.apps;
      // @ts-expect-error a service sees only the core and what it declares: the flow engine it did not name is not there
      void hub.flowEngine;
      return { gives: {} };
    },
  };
  // @ts-expect-error the late needs it names are those its type declares, no fewer
  const fewer: HubService<Record<never, never>, Record<never, never>, 'apps' | 'updates'> = { name: 'fewer', later: { apps: true }, start: () => ({ gives: {} }) };
  // @ts-expect-error ... and no more
  const more: HubService<Record<never, never>, Record<never, never>, 'apps'> = { name: 'more', later: { apps: true, updates: true }, start: () => ({ gives: {} }) };
  void [declared, fewer, more];
}

export function incompleteHub(core: HubCore): void {
  const started = HubServices.on(core).use(capabilityChanges).use(cardRegistry).use(insights);
  // @ts-expect-error a list whose services need parts no service gave (the flow engine, updates, apps ...) does not finish
  started.finish();
  // @ts-expect-error nor is it a Hub
  const hub: Hub = started.hub;
  void hub;
}

export function narrowHandlerContext(context: HubContextOf<'serving'>): void {
  void context.hub.serving;
  void context.hub.store;
  // @ts-expect-error a handler sees the core and the parts its manager names: the webserver manager names no apps
  void context.hub.apps;
}
