import spec from '../../../generated/cloud/infrared.openapi.json' with { type: 'json' };
import { createServiceHttp, withState, type ServiceHttp } from '../../http/service.js';
import type { ContentServiceConfig } from '../content/config.js';
import { infraredApi } from './api.js';

/** The cloud infrared service: the shipped library of devices and their codes (browsing public, codes for hubs). */
export function createInfraredService(config: ContentServiceConfig = {}): ServiceHttp {
  return createServiceHttp({ ...config, contract: spec, api: infraredApi, context: withState({ hubSecretKey: config.hubSecretKey }) });
}
