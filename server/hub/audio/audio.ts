import type { components } from '../../../generated/hub/audio.js';
import type { HubCore } from '../core/context.js';
import { hubOption } from '../core/options.js';

type VolumeHint = components['schemas']['AudioVolumeHint'];

export const DEFAULT_VOLUME = 0.5;

export const volumeOption = hubOption<number>('audio', 'volume', () => DEFAULT_VOLUME);

/** The speaker's volume, 0..1, for every manager that makes a sound (speech output). */
export const hubVolume = (hub: HubCore): number => volumeOption.get(hub);

/** Plays the hint sound at the volume in force: the `volumeHint` event is the sound for a hub without a speaker. */
export function playVolumeHint(hub: HubCore): VolumeHint {
  const hint = { volume: hubVolume(hub), playedAt: new Date(hub.now()).toISOString() };
  hub.bus.publish('homey:manager:audio', 'volumeHint', hint);
  return hint;
}
