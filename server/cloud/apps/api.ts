import * as manifest from '../../../generated/cloud/apps.operations.js';
import type { operations } from '../../../generated/cloud/apps.js';
import { defineApi } from '../../http/api.js';
import type { ServiceContext } from '../../http/service.js';
import type { CloudSession } from '../identity.js';
import { requireApp } from './apps.js';
import type { AppsDb } from './db.js';

export type AppsContext = ServiceContext<{ db: AppsDb }, CloudSession>;

export const appsApi = defineApi<operations, typeof manifest.operations, AppsContext>(manifest, {
  getApp: ({ appId }, { service }) => requireApp(service.db, appId),
});
