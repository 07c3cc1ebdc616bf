import * as manifest from '../../../generated/cloud/infrared.operations.js';
import type { operations } from '../../../generated/cloud/infrared.js';
import { defineGuardedApi } from '../../http/api.js';
import type { ServiceContext } from '../../http/service.js';
import { hubSecretGuard, type HubSecretState } from '../callers/hub-secret.js';
import { brandsOf, devicesOf, requireDevice, searchDevices, typesOf } from './library.js';

export type InfraredContext = ServiceContext<HubSecretState>;

export const infraredApi = defineGuardedApi<operations, typeof manifest.operations, InfraredContext>(
  manifest,
  {
    getBrands: ({ type }) => brandsOf(type),
    getTypes: ({ brand }) => typesOf(brand),
    searchDevices: ({ query }) => searchDevices(query),
    getDevices: (filter) => devicesOf(filter),
    getDevice: { guard: hubSecretGuard(), handle: ({ deviceId }) => requireDevice(deviceId) },
  },
);
