import * as manifest from '../../../generated/hub/google-assistant.operations.js';
import type { operations } from '../../../generated/hub/google-assistant.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import * as assistant from './assistant.js';

export const googleAssistant = defineApi<operations, typeof manifest.operations, HubContextOf<never>>(manifest, {
  getOptionPinCode: (_args, { hub }) => ({ value: assistant.pinCode(hub) }),
  setOptionPinCode: ({ value }, { hub }) => assistant.setPinCode(hub, value),
  unsetOptionPinCode: (_args, { hub }) => assistant.unsetPinCode(hub),
  getOptionEnabled: (_args, { hub }) => ({ value: assistant.isEnabled(hub) }),
  setOptionEnabled: ({ value }, { hub }) => assistant.setEnabled(hub, value),
  unsetOptionEnabled: (_args, { hub }) => assistant.unsetEnabled(hub),
  getState: (_args, { hub }) => assistant.assistantState(hub),
  sync: (_args, { hub }) => assistant.sync(hub),
});
