import * as manifest from '../../../generated/cloud/geolocate.operations.js';
import type { operations } from '../../../generated/cloud/geolocate.js';
import { defineGuardedApi } from '../../http/api.js';
import type { ServiceContext } from '../../http/service.js';
import { locate } from './locate.js';

export const geolocateApi = defineGuardedApi<operations, typeof manifest.operations, ServiceContext<object>>(manifest, {
  getLocation: ({ towers = [], homeyIP }, { remoteAddress }) => locate(towers, homeyIP ?? remoteAddress),
});
