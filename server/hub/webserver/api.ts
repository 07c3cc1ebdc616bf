import * as manifest from '../../../generated/hub/webserver.operations.js';
import type { operations } from '../../../generated/hub/webserver.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { hubHostNames, listeningOf } from './listening.js';

export const webserver = defineApi<operations, typeof manifest.operations, HubContextOf<'serving'>>(manifest, {
  getState: (_args, { hub }) => ({ listening: [...listeningOf(hub)], hostNames: hubHostNames(hub), docs: Boolean(hub.config.docsDir) }),
});
