import * as manifest from '../../../generated/hub/mobile.operations.js';
import type { operations } from '../../../generated/hub/mobile.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { mobileState, mobileSummary, receiveMobileEvent } from './mobile.js';

export const mobile = defineApi<operations, typeof manifest.operations, HubContextOf<'presenceChanges'>>(manifest, {
  getState: (_args, { hub }) => mobileState(hub),
  getSummary: (_args, context) => mobileSummary(context),
  sendMobileEvent: (event, { hub }) => receiveMobileEvent(hub, event),
});
