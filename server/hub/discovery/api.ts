import * as manifest from '../../../generated/hub/discovery.operations.js';
import type { operations } from '../../../generated/hub/discovery.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { MDNS_SERVICE_TYPE, mdnsHostName, mdnsTxt } from '../webserver/mdns.js';
import { advertisedPort } from '../webserver/listening.js';

export const discovery = defineApi<operations, typeof manifest.operations, HubContextOf<'serving'>>(manifest, {
  getState: (_args, { hub }) => {
    const port = advertisedPort(hub);
    return {
      advertising: port !== null,
      serviceType: `_${MDNS_SERVICE_TYPE}._tcp.local`,
      instanceName: hub.id,
      host: mdnsHostName(hub),
      port,
      txt: mdnsTxt(hub),
    };
  },
});
