import * as manifest from '../../../generated/hub/audio.operations.js';
import type { operations } from '../../../generated/hub/audio.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { playVolumeHint, volumeOption } from './audio.js';

export const audio = defineApi<operations, typeof manifest.operations, HubContextOf<never>>(manifest, {
  getOptionVolume: (_args, { hub }) => ({ value: volumeOption.get(hub) }),
  setOptionVolume: ({ value }, { hub }) => volumeOption.set(hub, value),
  unsetOptionVolume: (_args, { hub }) => volumeOption.unset(hub),
  playVolumeHint: (_args, { hub }) => playVolumeHint(hub),
});
