import * as manifest from '../../../generated/hub/experiments.operations.js';
import type { operations } from '../../../generated/hub/experiments.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { experimentsState, listExperiments, setExperiment } from './experiments.js';

export const experiments = defineApi<operations, typeof manifest.operations, HubContextOf<'experimentChanges'>>(manifest, {
  getState: (_args, { hub }) => experimentsState(hub),
  getExperiments: (_args, { hub }) => listExperiments(hub),
  enableExperiment: ({ id }, { hub }) => setExperiment(hub, id, true),
  disableExperiment: ({ id }, { hub }) => setExperiment(hub, id, false),
});
