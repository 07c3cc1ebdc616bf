import * as manifest from '../../../generated/hub/geolocation.operations.js';
import type { operations } from '../../../generated/hub/geolocation.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { addressOption, geolocationState, locationOption, modeOption, setAddress, setLocation } from './geolocation.js';
import { currentWeather } from './weather.js';

export const geolocation = defineApi<operations, typeof manifest.operations, HubContextOf<'weatherAnswers'>>(manifest, {
  getState: (_args, { hub }) => geolocationState(hub),
  getWeather: (_args, { hub }) => currentWeather(hub),
  getOptionMode: (_args, { hub }) => ({ value: modeOption.get(hub) }),
  setOptionMode: ({ value }, { hub }) => modeOption.set(hub, value),
  unsetOptionMode: (_args, { hub }) => modeOption.unset(hub),
  getOptionLocation: (_args, { hub }) => ({ value: locationOption.get(hub) }),
  setOptionLocation: ({ value }, { hub }) => setLocation(hub, value),
  unsetOptionLocation: (_args, { hub }) => locationOption.unset(hub),
  getOptionAddress: (_args, { hub }) => ({ value: addressOption.get(hub) }),
  setOptionAddress: ({ value }, { hub }) => setAddress(hub, value),
  unsetOptionAddress: (_args, { hub }) => addressOption.unset(hub),
});
