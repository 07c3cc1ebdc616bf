import { ApiError, badRequest } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { requireApp } from './lifecycle.js';
import { type AppSettings } from './app-record.js';
import { isSettingName } from '../../common/app-package/setting-names.js';
import { withSetting } from './setting-values.js';

/** An installed app's settings (an app installed has its settings item). */
export function requireSettings(hub: HubCore, id: string): AppSettings {
  requireApp(hub, id);
  return hub.store.get('appsettings', id) ?? { id, values: {} };
}

function requireSettingName(name: string): void {
  if (!isSettingName(name)) throw badRequest(`A setting may not be named ${name}: __proto__, constructor and prototype are reserved`);
}

export function getSetting(hub: HubCore, id: string, name: string): unknown {
  requireSettingName(name);
  const { values } = requireSettings(hub, id);
  if (!Object.hasOwn(values, name)) throw new ApiError(404, 'not_found', `Setting not found: ${name}`);
  return values[name];
}

/** Stores a setting (appsettings.update) and tells the running app, which hears its `settings.set` event. */
export function setSetting(hub: HubCore & Pick<Hub, 'apps'>, id: string, name: string, value: unknown): void {
  requireSettingName(name);
  if (value === null || value === undefined) throw badRequest('A setting needs a value: unsetAppSetting removes one');
  const settings = requireSettings(hub, id);
  save(hub, settings, withSetting(settings.values, name, value));
  tell(hub, id, name, value);
}

export function unsetSetting(hub: HubCore & Pick<Hub, 'apps'>, id: string, name: string): void {
  requireSettingName(name);
  const settings = requireSettings(hub, id);
  if (!Object.hasOwn(settings.values, name)) throw new ApiError(404, 'not_found', `Setting not found: ${name}`);
  save(hub, settings, withSetting(settings.values, name, null));
  tell(hub, id, name, null);
}

function save(hub: HubCore, settings: AppSettings, values: AppSettings['values']): void {
  if (hub.store.get('appsettings', settings.id)) hub.store.save('appsettings', { id: settings.id, values });
  else hub.store.insert('appsettings', { id: settings.id, values });
}

function tell(hub: HubCore & Pick<Hub, 'apps'>, id: string, name: string, value: unknown): void {
  const runtime = hub.apps;
  if (runtime.isRunning(id)) runtime.worker(id).post({ type: 'setting', name, value, now: hub.now() });
}
