import * as manifest from '../../../generated/hub/flow.operations.js';
import type { components, operations } from '../../../generated/hub/flow.js';
import { defineApi } from '../../http/api.js';
import type { HubContext } from '../core/context.js';
import type { HubItems } from '../core/items.js';
import { buildAdvancedFlow, patchAdvancedFlow } from './advanced-flows.js';
import { autocomplete, runAction, runCondition, shareFlow } from './card-calls.js';
import { cardItem, cardList, requireCard } from './card-view.js';
import { folderRules, removeFolder } from './folders.js';
import { testFlow, triggerAdvancedFlow, triggerFlow } from './flow-runs.js';
import { buildFlow, patchFlow } from './flows.js';

type FlowCardTrigger = components['schemas']['FlowCardTrigger'];
type FlowCardCondition = components['schemas']['FlowCardCondition'];
type FlowCardAction = components['schemas']['FlowCardAction'];

/**
 * Flows and advanced flows are stored without `broken` and `triggerable`, which are computed from the cards of the
 * home for reads and events and kept until their flow or what they depend on changes (flow-views.ts). Cards are not
 * stored: they come from hub.cards.
 * The handlers see the whole hub: running a card (runFlowCardCondition, runFlowCardAction) hands it to the card,
 * and every manager's and app's cards read what they need of it.
 */
export const flow = defineApi<operations, typeof manifest.operations, HubContext, HubItems>(
  manifest,
  {
    getState: (_args, { hub }) => ({
      flowCount: hub.store.count('flow'),
      advancedFlowCount: hub.store.count('advancedflow'),
      folderCount: hub.store.count('flowfolder'),
      triggerCount: hub.cards.count('trigger'),
      conditionCount: hub.cards.count('condition'),
      actionCount: hub.cards.count('action'),
    }),

    getFlows: (_args, { hub }) => hub.flowViews.flows(),
    getFlow: ({ id }, { hub }) => hub.flowViews.flow(hub.store.require('flow', id, 'Flow')),
    createFlow: ({ flow }, { hub }) => hub.flowViews.flow(hub.store.insert('flow', buildFlow(hub, flow))),
    updateFlow: ({ id, flow }, { hub }) => {
      const current = hub.store.require('flow', id, 'Flow');
      return hub.flowViews.flow(hub.store.save('flow', patchFlow(hub, current, flow)));
    },
    testFlow: (body, { hub }) => testFlow(hub, body),
    triggerFlow: ({ id }, { hub }) => triggerFlow(hub, id),
    shareFlow: ({ id }, { hub }) => shareFlow(hub, id),

    getAdvancedFlows: (_args, { hub }) => hub.flowViews.advancedFlows(),
    getAdvancedFlow: ({ id }, { hub }) => hub.flowViews.advancedFlow(hub.store.require('advancedflow', id, 'Advanced flow')),
    createAdvancedFlow: ({ advancedflow }, { hub }) => hub.flowViews.advancedFlow(hub.store.insert('advancedflow', buildAdvancedFlow(hub, advancedflow))),
    updateAdvancedFlow: ({ id, advancedflow }, { hub }) => {
      const current = hub.store.require('advancedflow', id, 'Advanced flow');
      return hub.flowViews.advancedFlow(hub.store.save('advancedflow', patchAdvancedFlow(hub, current, advancedflow)));
    },
    triggerAdvancedFlow: ({ id }, { hub }) => triggerAdvancedFlow(hub, id),

    deleteFlowFolder: ({ id }, { hub }) => removeFolder(hub, id),

    getFlowCardTriggers: (_args, { hub }) => cardList(hub, 'trigger') as Record<string, FlowCardTrigger>,
    getFlowCardTrigger: ({ uri, id }, { hub }) => cardItem(hub, requireCard(hub, 'trigger', uri, id)) as FlowCardTrigger,
    getFlowCardConditions: (_args, { hub }) => cardList(hub, 'condition') as Record<string, FlowCardCondition>,
    getFlowCardCondition: ({ uri, id }, { hub }) => cardItem(hub, requireCard(hub, 'condition', uri, id)) as FlowCardCondition,
    runFlowCardCondition: ({ uri, id, ...body }, { hub }) => runCondition(hub, uri, id, body),
    getFlowCardActions: (_args, { hub }) => cardList(hub, 'action') as Record<string, FlowCardAction>,
    getFlowCardAction: ({ uri, id }, { hub }) => cardItem(hub, requireCard(hub, 'action', uri, id)) as FlowCardAction,
    runFlowCardAction: ({ uri, id, ...body }, { hub }) => runAction(hub, uri, id, body),
    getFlowCardAutocomplete: ({ type, uri, id, name, query, args }, { hub }) => autocomplete(hub, type, uri, id, name, query, args),
  },
  { rules: { flowfolder: folderRules } },
);
