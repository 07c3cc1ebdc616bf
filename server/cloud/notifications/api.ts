import * as manifest from '../../../generated/cloud/notifications.operations.js';
import type { operations } from '../../../generated/cloud/notifications.js';
import { defineGuardedApi } from '../../http/api.js';
import type { ServiceContext } from '../../http/service.js';
import { hubOfSecret, hubSecretGuard, type HubSecretState } from '../callers/hub-secret.js';
import { pushBatch, type PushState } from './push.js';

export type NotificationsContext = ServiceContext<PushState & HubSecretState>;

export const notificationsApi = defineGuardedApi<operations, typeof manifest.operations, NotificationsContext>(
  manifest,
  {
    push: {
      guard: hubSecretGuard<NotificationsContext>(),
      handle: ({ secret, batch, data }, { service }) => pushBatch(service, hubOfSecret(service.hubSecretKey!, secret)!, { batch, data }),
    },
  },
);
