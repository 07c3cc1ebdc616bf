import * as manifest from '../../../generated/cloud/store.operations.js';
import type { operations } from '../../../generated/cloud/store.js';
import { defineApi } from '../../http/api.js';
import type { ServiceContext } from '../../http/service.js';
import type { CloudSession } from '../identity.js';
import type { StoreDb } from './db.js';
import { ordersOf } from './orders.js';

export type StoreContext = ServiceContext<{ db: StoreDb }, CloudSession>;

export const storeApi = defineApi<operations, typeof manifest.operations, StoreContext>(manifest, {
  getOrders: (_args, { session, service }) => ordersOf(service.db, session!.userId),
});
