import type { Client } from 'openapi-fetch';
import { operations } from '../../generated/cloud/account.operations.js';
import { CLOUD_CALL_TIMEOUT } from '../constants.js';
import { APIError, CloudAPIError, messages, redact } from '../errors.js';
import { createTransport } from '../http/transport.js';
import { callOperation, type CloudResult } from './service.js';

export type SystemStatus = CloudResult<'account', 'getSystemStatus'>;

export interface CloudRegionAPIOptions {
  baseUrl: string;
  /** The operators' status secret, sent as X-Cloud-Secret by getSystemStatus. */
  secret?: string;
}

/**
 * The client of the cloud region service (seed 001 §7): `GET /` names the deployment's region, and
 * `GET /api/system/status` (with the operators' secret header) reports its health.
 */
export class CloudRegionAPI {
  private readonly http: Client<Record<string, never>>;
  private readonly secret?: string;

  constructor(options: CloudRegionAPIOptions) {
    const { baseUrl, secret } = options ?? ({} as CloudRegionAPIOptions);
    if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl)) throw new TypeError(messages.invalidAddress);
    this.secret = secret;
    this.http = createTransport({ baseUrl, token: () => undefined, timeout: CLOUD_CALL_TIMEOUT, errors: CloudAPIError.fromResponse });
  }

  /** The region's name, such as `eu`; a deployment that names none gives 'Missing Region'. */
  async getRegion(): Promise<string> {
    const { region } = (await callOperation(this.http, operations.getRegion, {})) as CloudResult<'account', 'getRegion'>;
    if (typeof region !== 'string' || !region) throw new APIError(messages.missingRegion);
    return region;
  }

  /** The service's health; without a secret, 'Missing Parameter: X-Cloud-Secret' before any call. */
  async getSystemStatus(): Promise<SystemStatus> {
    try {
      return (await callOperation(this.http, operations.getSystemStatus, { 'X-Cloud-Secret': this.secret })) as SystemStatus;
    } catch (error) {
      throw redact(error as Error, [this.secret]);
    }
  }
}
