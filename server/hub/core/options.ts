import type { HubCore } from './context.js';

/**
 * One option of a manager (`GET/PUT/DELETE /api/manager/<manager>/option/<name>`), kept in the hub's settings. Each
 * change, an unset too, is announced on `homey:manager:<manager>` as `option.update` with `{ id: name, value }`,
 * the value then in force, so that clients and in-process listeners need not read it again.
 */
export interface HubOption<T> {
  get(hub: HubCore): T;
  set(hub: HubCore, value: T): void;
  unset(hub: HubCore): void;
}

export function hubOption<T>(manager: string, name: string, fallback: (hub: HubCore) => T): HubOption<T> {
  const key = `${manager}.option.${name}`;
  const get = (hub: HubCore): T => hub.settings.get<T>(key) ?? fallback(hub);
  const announce = (hub: HubCore) => hub.bus.publish(`homey:manager:${manager}`, 'option.update', { id: name, value: get(hub) });
  return {
    get,
    set(hub, value) {
      hub.settings.set(key, value);
      announce(hub);
    },
    unset(hub) {
      hub.settings.unset(key);
      announce(hub);
    },
  };
}
