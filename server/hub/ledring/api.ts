import * as manifest from '../../../generated/hub/ledring.operations.js';
import type { operations } from '../../../generated/hub/ledring.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { animations } from './catalogue.js';
import { brightnessOption, chooseScreensaver, ledringState, listScreensavers, playAnimation, screensaverOption, stopAnimation } from './ledring.js';

const byId = <T extends { id: string }>(list: readonly T[]) => Object.fromEntries(list.map((item) => [item.id, item]));

export const ledring = defineApi<operations, typeof manifest.operations, HubContextOf<'ledRing'>>(manifest, {
  getState: (_args, { hub }) => ledringState(hub),
  getScreensavers: (_args, { hub }) => byId(listScreensavers(hub)),
  getAnimations: () => byId(animations),
  playAnimation: ({ id, duration }, { hub }) => playAnimation(hub, id, duration),
  stopAnimation: (_args, { hub }) => stopAnimation(hub),
  getOptionScreensaver: (_args, { hub }) => ({ value: screensaverOption.get(hub) }),
  setOptionScreensaver: ({ value }, { hub }) => chooseScreensaver(hub, value),
  unsetOptionScreensaver: (_args, { hub }) => screensaverOption.unset(hub),
  getOptionBrightness: (_args, { hub }) => ({ value: brightnessOption.get(hub) }),
  setOptionBrightness: ({ value }, { hub }) => brightnessOption.set(hub, value),
  unsetOptionBrightness: (_args, { hub }) => brightnessOption.unset(hub),
});
