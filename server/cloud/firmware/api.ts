import * as manifest from '../../../generated/cloud/firmware.operations.js';
import type { operations } from '../../../generated/cloud/firmware.js';
import { defineGuardedApi } from '../../http/api.js';
import type { ServiceContext } from '../../http/service.js';
import { changelog } from './changelog.js';

export const firmwareApi = defineGuardedApi<operations, typeof manifest.operations, ServiceContext<object>>(manifest, {
  getUpdatesChangelog: ({ channel = 'stable', since, language }) => changelog(channel, since, language),
});
