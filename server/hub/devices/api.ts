import { randomUUID } from 'node:crypto';
import * as manifest from '../../../generated/hub/devices.operations.js';
import type { operations } from '../../../generated/hub/devices.js';
import { defineApi } from '../../http/api.js';
import { notFound } from '../../http/errors.js';
import type { HubContextOf } from '../core/context.js';
import type { HubItems } from '../core/items.js';
import { capabilityDefinition, capabilityIds, CAPABILITY_OWNER } from '../drivers/capabilities.js';
import { requireCapability, setDeviceCapability } from './control.js';
import { isGroup } from './group-values.js';
import { createGroup, removeFromGroup, requireGroup, setGroupCapability, updateGroup } from './groups.js';
import { beforeRemove, changeSettings, requireDevice, updateDevice } from './lifecycle.js';
import { settingsObj } from './settings.js';

export const devices = defineApi<operations, typeof manifest.operations, HubContextOf<'apps' | 'capabilityChanges' | 'groupsByMember' | 'transitions'>, HubItems>(
  manifest,
  {
    getState: (_args, { hub }) => {
      const all = hub.store.values('device');
      return { deviceCount: all.length, groupCount: all.filter(isGroup).length, availableCount: all.filter((device) => device.available).length };
    },
    getDeviceSettingsObj: ({ id }, { hub }) => settingsObj(requireDevice(hub, id)),
    setDeviceSettings: ({ id, settings }, { hub }) => changeSettings(hub, requireDevice(hub, id), settings),
    getCapabilityValue: ({ deviceId, capabilityId }, { hub }) => requireCapability(requireDevice(hub, deviceId), capabilityId).value,
    setCapabilityValue: ({ deviceId, capabilityId, value, opts, transactionId }, { hub }) => {
      const device = requireDevice(hub, deviceId);
      const set = isGroup(device) ? setGroupCapability : setDeviceCapability;
      set(hub, device, capabilityId, value, transactionId ?? randomUUID(), opts);
    },
    createGroup: ({ group }, { hub }) => createGroup(hub, group),
    updateGroup: ({ id, group }, { hub }) => updateGroup(hub, requireGroup(hub, id), group),
    deleteDeviceFromGroup: ({ groupId, deviceId }, { hub }) => removeFromGroup(hub, requireGroup(hub, groupId), deviceId),
    getCapabilities: () => Object.fromEntries(capabilityIds().map((id) => [id, capabilityDefinition(id)!])),
    getCapability: ({ uri, id }) => {
      const bare = id.startsWith(`${uri}:`) ? id.slice(uri.length + 1) : id;
      const capability = uri === CAPABILITY_OWNER ? capabilityDefinition(bare) : undefined;
      if (!capability) throw notFound('Capability');
      return capability;
    },
  },
  {
    rules: {
      device: {
        update: (current, patch, { hub }) => updateDevice(hub, current, patch),
        remove: (current, { hub }) => beforeRemove(hub, current),
      },
    },
  },
);
