import type { components } from '../../../generated/hub/ledring.js';
import { notFound } from '../../http/errors.js';
import type { Hub } from '../context.js';
import { hubOption } from '../options.js';
import { findAnimation, type ScreensaverId } from './catalogue.js';

type Playing = components['schemas']['LedringPlaying'];
type State = components['schemas']['LedringState'];

const MANAGER_URI = 'homey:manager:ledring';

export const brightnessOption = hubOption<number>('ledring', 'brightness', () => 1);
export const screensaverOption = hubOption<ScreensaverId>('ledring', 'screensaver', () => 'rainbow');

/** The animation playing on each hub's ring and the cancel of its end; runtime only, as on a real ring. */
const playing = new WeakMap<Hub, { animation: Playing; cancel: () => void }>();

/**
 * Plays an animation of the catalogue, replacing the one playing. It stops by itself after `duration` ms, else
 * after its own length, unless it loops: then it plays until stopped. Announced as `animation.play`.
 */
export function playAnimation(hub: Hub, id: string, duration?: number): Playing {
  const animation = findAnimation(id);
  if (!animation) throw notFound(`Animation ${id}`);
  stopAnimation(hub);
  const startedAt = hub.now();
  const length = duration ?? (animation.loop ? null : animation.duration);
  const endsAt = length === null ? null : startedAt + length;
  const current: Playing = {
    id,
    startedAt: new Date(startedAt).toISOString(),
    endsAt: endsAt === null ? null : new Date(endsAt).toISOString(),
  };
  const cancel = endsAt === null ? () => {} : hub.clock.at(endsAt, () => stopAnimation(hub));
  playing.set(hub, { animation: current, cancel });
  hub.bus.publish(MANAGER_URI, 'animation.play', current);
  return current;
}

/** Stops the animation playing, if any, announced as `animation.stop`; the screensaver shows again. */
export function stopAnimation(hub: Hub): void {
  const current = playing.get(hub);
  if (!current) return;
  playing.delete(hub);
  current.cancel();
  hub.bus.publish(MANAGER_URI, 'animation.stop', { id: current.animation.id });
}

export function ledringState(hub: Hub): State {
  const brightness = brightnessOption.get(hub);
  const screensaver = screensaverOption.get(hub);
  const animation = playing.get(hub)?.animation ?? null;
  const showing = brightness === 0 ? 'off' : animation ? 'animation' : screensaver === 'off' ? 'off' : 'screensaver';
  return { brightness, screensaver, showing, animation };
}
