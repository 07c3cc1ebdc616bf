import { Listeners } from '../../http/listeners.js';
import type { RealtimeEvent } from '../../http/events.js';
import type { Hub } from '../core/context.js';
import type { HubService, Nothing } from '../core/service.js';
import { hubLocation } from './geolocation.js';
import { sunDay } from '../../common/sun.js';

export type SunEventKind = 'dawn' | 'sunrise' | 'sunset' | 'dusk';

export interface SunEvent {
  kind: SunEventKind;
  /** When it happened, epoch ms on the hub clock. */
  time: number;
}

const DAY_MS = 86_400_000;
const kinds: readonly SunEventKind[] = ['dawn', 'sunrise', 'sunset', 'dusk'];

/** The first sun event at the home's location after `now`, looking a few days ahead (polar days have none). */
export function nextSunEvent(now: number, latitude: number, longitude: number): SunEvent | null {
  const events = [-1, 0, 1, 2].flatMap((offset) => {
    const day = sunDay(now + offset * DAY_MS, latitude, longitude);
    return kinds.flatMap((kind) => (day[kind] === null ? [] : [{ kind, time: day[kind] }]));
  });
  return events.filter((event) => event.time > now).sort((a, b) => a.time - b.time)[0] ?? null;
}

interface Watch {
  listeners: Listeners<SunEvent>;
  count: number;
  cancel: () => void;
  stopHearing: () => void;
}

/** The hub's sun watch while someone listens (made by the first listener of onSunEvent, ended with the last). */
export interface SunWatching {
  current: Watch | null;
}

declare module '../core/context.js' {
  interface Hub {
    /** The sun events service's watch: only this module reads it. */
    sunWatching: SunWatching;
  }
}

/** Watches the sun for onSunEvent's listeners while the hub runs; stopping ends the watch. */
export const sunEvents: HubService<Nothing, Pick<Hub, 'sunWatching'>> = {
  name: 'sun events',
  start: () => {
    const sunWatching: SunWatching = { current: null };
    const stop = () => {
      sunWatching.current?.cancel();
      sunWatching.current?.stopHearing();
      sunWatching.current = null;
    };
    return { gives: { sunWatching }, stop };
  },
};

/** Arms the hub clock for the next sun event; with none in sight (no location, polar day) it looks again in a day. */
function arm(hub: Hub, watch: Watch): void {
  watch.cancel();
  const location = hubLocation(hub);
  if (!location) return void (watch.cancel = () => {});
  const now = hub.now();
  const next = nextSunEvent(now, location.latitude, location.longitude);
  watch.cancel = next
    ? hub.clock.at(next.time, () => {
        watch.listeners.tell(next);
        arm(hub, watch);
      })
    : hub.clock.at(now + DAY_MS, () => arm(hub, watch));
}

/**
 * Tells `listener` of dawn, sunrise, sunset and dusk at the home's location as the hub clock reaches them (for flow
 * triggers). The hub watches the sun only while someone listens, and re-plans when the location changes.
 */
export function onSunEvent(hub: Hub, listener: (event: SunEvent) => void): () => void {
  let watch = hub.sunWatching.current;
  if (!watch) {
    const created: Watch = { listeners: new Listeners<SunEvent>('sun events'), count: 0, cancel: () => {}, stopHearing: () => {} };
    created.stopHearing = hub.bus.subscribe(({ uri, event, data }: RealtimeEvent) => {
      if (uri === 'homey:manager:geolocation' && event === 'option.update' && (data as { id: string }).id === 'location') arm(hub, created);
    });
    arm(hub, created);
    hub.sunWatching.current = watch = created;
  }
  const remove = watch.listeners.add(listener);
  const current = watch;
  current.count++;
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    remove();
    if (--current.count > 0) return;
    current.cancel();
    current.stopHearing();
    if (hub.sunWatching.current === current) hub.sunWatching.current = null;
  };
}
