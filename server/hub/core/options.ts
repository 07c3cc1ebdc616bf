import type { Hub } from './context.js';

/**
 * One option of a manager (`GET/PUT/DELETE /api/manager/<manager>/option/<name>`), kept in the hub's settings. Each
 * change, an unset too, is announced on `homey:manager:<manager>` as `option.update` with `{ id: name, value }`,
 * the value then in force, so that clients and in-process listeners need not read it again.
 */
export interface HubOption<T> {
  get(hub: Hub): T;
  set(hub: Hub, value: T): void;
  unset(hub: Hub): void;
}

export function hubOption<T>(manager: string, name: string, fallback: (hub: Hub) => T): HubOption<T> {
  const key = `${manager}.option.${name}`;
  const get = (hub: Hub): T => hub.settings.get<T>(key) ?? fallback(hub);
  const announce = (hub: Hub) => hub.bus.publish(`homey:manager:${manager}`, 'option.update', { id: name, value: get(hub) });
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
