import * as manifest from '../../../generated/hub/speech-output.operations.js';
import type { operations } from '../../../generated/hub/speech-output.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { chooseVoice, installVoice, playVoiceSample, say, speechAudio, speedOption, uninstallVoice, voiceOption } from './speech.js';

export const speechOutput = defineApi<operations, typeof manifest.operations, HubContextOf<never>>(manifest, {
  say: (args, { hub }) => say(hub, args),
  getSpeechAudio: ({ id }, { hub }) => speechAudio(hub, id),
  installVoice: ({ id }, { hub }) => installVoice(hub, id),
  uninstallVoice: ({ id }, { hub }) => uninstallVoice(hub, id),
  playVoiceSample: ({ id }, { hub }) => playVoiceSample(hub, id),
  getOptionSpeed: (_args, { hub }) => ({ value: speedOption.get(hub) }),
  setOptionSpeed: ({ value }, { hub }) => speedOption.set(hub, value),
  unsetOptionSpeed: (_args, { hub }) => speedOption.unset(hub),
  getOptionVoice: (_args, { hub }) => ({ value: voiceOption.get(hub) }),
  setOptionVoice: ({ value }, { hub }) => chooseVoice(hub, value),
  unsetOptionVoice: (_args, { hub }) => voiceOption.unset(hub),
});
