import path from 'node:path';
import spec from '../../../generated/cloud/notifications.openapi.json' with { type: 'json' };
import { systemClock } from '../../http/clock.js';
import { createServiceHttp, withState, type ServiceHttp } from '../../http/service.js';
import type { ContentServiceConfig } from '../content/config.js';
import { notificationsApi } from './api.js';
import { outboxPushProvider, type PushProvider } from './outbox.js';
import type { PushDevice } from './push.js';

export interface NotificationsServiceConfig extends ContentServiceConfig {
  /** The users' registered devices: the account service's (npm start passes its own). */
  devicesOf(userId: string): Promise<PushDevice[]>;
  /** Holds the outbox (`push-outbox/`) when no provider is given. */
  dataDir: string;
  provider?: PushProvider;
}

export interface NotificationsService extends ServiceHttp {
  /** Where pushes go without a provider. */
  outboxDir: string;
}

/** The cloud push notification service: hubs' batches to their users' devices. */
export function createNotificationsService(config: NotificationsServiceConfig): NotificationsService {
  const outboxDir = path.join(config.dataDir, 'push-outbox');
  const state = { devicesOf: config.devicesOf, provider: config.provider ?? outboxPushProvider(outboxDir), clock: config.clock ?? systemClock, hubSecretKey: config.hubSecretKey };
  return { ...createServiceHttp({ ...config, contract: spec, api: notificationsApi, context: withState(state) }), outboxDir };
}
