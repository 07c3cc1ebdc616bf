import * as manifest from '../../../generated/hub/icons.operations.js';
import type { operations } from '../../../generated/hub/icons.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf, HubCore } from '../core/context.js';
import { deviceUri } from '../devices/device.js';
import { appUri } from '../apps/app-record.js';

type IconsState = operations['getState']['responses'][200]['content']['application/json'];

/** The zone icons in use (with how many zones use each) and each icon image with the apps and devices that show it. */
export function iconsState(hub: HubCore): IconsState {
  const zoneIcons: Record<string, number> = {};
  for (const zone of hub.store.values('zone')) zoneIcons[zone.icon] = (zoneIcons[zone.icon] ?? 0) + 1;
  const owners = new Map<string, string[]>();
  const shows = (url: string | undefined, owner: string) => {
    if (url) owners.set(url, [...(owners.get(url) ?? []), owner]);
  };
  for (const app of hub.store.values('app')) shows(app.iconObj?.url, appUri(app.id));
  for (const device of hub.store.values('device')) shows(device.iconObj?.url, deviceUri(device));
  return { zoneIcons, images: [...owners].map(([url, uris]) => ({ url, owners: uris })) };
}

export const icons = defineApi<operations, typeof manifest.operations, HubContextOf<never>>(manifest, {
  getState: (_args, { hub }) => iconsState(hub),
});
