import * as manifest from '../../../generated/hub/vdevice.operations.js';
import type { operations } from '../../../generated/hub/vdevice.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { driverDefinitions, ownerOf, VDEVICE_OWNER } from '../drivers/catalogue.js';

export const vdevice = defineApi<operations, typeof manifest.operations, HubContextOf<never>>(manifest, {
  getState: (_args, { hub }) => {
    const drivers: Record<string, { id: string; name: string; deviceCount: number }> = {};
    for (const definition of driverDefinitions()) {
      if (ownerOf(definition) === VDEVICE_OWNER) drivers[definition.id] = { id: definition.id, name: definition.name, deviceCount: 0 };
    }
    let deviceCount = 0;
    for (const device of hub.store.values('device')) {
      const driver = Object.hasOwn(drivers, device.driverId) ? drivers[device.driverId] : undefined;
      if (!driver) continue;
      driver.deviceCount += 1;
      deviceCount += 1;
    }
    return { deviceCount, drivers };
  },
});
