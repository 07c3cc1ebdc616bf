import * as manifest from '../../../generated/hub/i18n.operations.js';
import type { operations } from '../../../generated/hub/i18n.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { i18nState, languageOption, unitsOption } from './i18n.js';

// The contract's enums validate the values (400 for any other), so the handlers only store them.
export const i18n = defineApi<operations, typeof manifest.operations, HubContextOf<never>>(manifest, {
  getState: (_args, { hub }) => i18nState(hub),
  getOptionLanguage: (_args, { hub }) => ({ value: languageOption.get(hub) }),
  setOptionLanguage: ({ value }, { hub }) => languageOption.set(hub, value),
  unsetOptionLanguage: (_args, { hub }) => languageOption.unset(hub),
  getOptionUnits: (_args, { hub }) => ({ value: unitsOption.get(hub) }),
  setOptionUnits: ({ value }, { hub }) => unitsOption.set(hub, value),
  unsetOptionUnits: (_args, { hub }) => unitsOption.unset(hub),
});
