import spec from '../../../generated/cloud/geolocate.openapi.json' with { type: 'json' };
import { createServiceHttp, withState, type ServiceHttp } from '../../http/service.js';
import type { ContentServiceConfig } from '../content/config.js';
import { geolocateApi } from './api.js';

/** The cloud geolocate service: a hub's location from cell towers or its IP address (public). */
export function createGeolocateService(config: ContentServiceConfig = {}): ServiceHttp {
  return createServiceHttp({ ...config, contract: spec, api: geolocateApi, context: withState({}) });
}
