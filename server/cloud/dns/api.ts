import * as manifest from '../../../generated/cloud/dns.operations.js';
import type { operations } from '../../../generated/cloud/dns.js';
import { defineGuardedApi } from '../../http/api.js';
import type { Clock } from '../../http/clock.js';
import type { ServiceContext } from '../../http/service.js';
import { hubOfSecret, hubSecretGuard, type HubSecretState } from '../callers/hub-secret.js';
import { hubCertificate } from './certificates.js';
import type { DnsDb } from './db.js';

export type DnsContext = ServiceContext<Required<HubSecretState> & { db: DnsDb; clock: Clock }>;

export const dnsApi = defineGuardedApi<operations, typeof manifest.operations, DnsContext>(
  manifest,
  {
    // The guard has checked the secret: it names the hub the certificate is for.
    getHomeyCertificate: {
      guard: hubSecretGuard(),
      handle: ({ secret }, { service }) => hubCertificate(service.db, hubOfSecret(service.hubSecretKey, secret)!, service.clock.now()),
    },
  },
);
