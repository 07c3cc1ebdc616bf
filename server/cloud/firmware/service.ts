import spec from '../../../generated/cloud/firmware.openapi.json' with { type: 'json' };
import { createServiceHttp, withState, type ServiceHttp } from '../../http/service.js';
import type { ContentServiceConfig } from '../content/config.js';
import { firmwareApi } from './api.js';

/** The cloud firmware service: the changelog of the hub's update channels (public). */
export function createFirmwareService(config: ContentServiceConfig = {}): ServiceHttp {
  return createServiceHttp({ ...config, contract: spec, api: firmwareApi, context: withState({}) });
}
