import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/ledring.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { hubOption } from '../core/options.js';
import type { HubService, Nothing } from '../core/service.js';
import { DEFAULT_SCREENSAVER, findAnimation, isOwnScreensaver, screensavers, type Screensaver, type ScreensaverId } from './catalogue.js';

type Playing = components['schemas']['LedringPlaying'];
type State = components['schemas']['LedringState'];

const MANAGER_URI = 'homey:manager:ledring';

export const brightnessOption = hubOption<number>('ledring', 'brightness', () => 1);
export const screensaverOption = hubOption<ScreensaverId>('ledring', 'screensaver', () => DEFAULT_SCREENSAVER);

/** What the ring shows while the hub runs: runtime only, as on a real ring (the LED ring service's). */
export interface LedRing {
  /** The animation playing, its frames if it has its own, and the cancel of its end. */
  playing?: { animation: Playing; custom?: CustomAnimation; cancel: () => void };
  /** The screensavers running apps registered (`homey:app:<appId>:<name>`), their frames and since when they play. */
  appScreensavers: Map<string, { screensaver: Screensaver; animation: CustomAnimation; since: number }>;
}

declare module '../core/context.js' {
  interface Hub {
    /** What the LED ring shows while the hub runs (the LED ring service's). */
    ledRing: LedRing;
  }
}

/** The ring's runtime state; its stop cancels the end of the animation playing. */
export const ledRing: HubService<Nothing, { ledRing: LedRing }> = {
  name: 'led ring',
  start: () => {
    const state: LedRing = { appScreensavers: new Map() };
    return { gives: { ledRing: state }, stop: () => state.playing?.cancel() };
  },
};

/** What the ring's functions read of the hub: the core and what the ring shows. */
type LedRingHub = HubCore & Pick<Hub, 'ledRing'>;

type Pixel = { r: number; g: number; b: number };

/** How long each frame of a developer's animation shows when it does not say. */
const DEFAULT_TRANSITION_MS = 100;

/** Frames of a developer's own animation: each the colours of the ring's LEDs. */
export interface CustomAnimation {
  frames: Pixel[][];
  /** How long each frame shows, in ms. */
  transition?: number;
  /** How long to play, in ms; without it, until stopped. */
  duration?: number;
}

/** Replaces what plays with this animation, which stops by itself `length` ms from now (null: until stopped). */
function play(hub: LedRingHub, id: string, source: Playing['source'], length: number | null, custom?: CustomAnimation): Playing {
  stopAnimation(hub);
  const startedAt = hub.now();
  const endsAt = length === null ? null : startedAt + length;
  const current: Playing = {
    id,
    source,
    startedAt: new Date(startedAt).toISOString(),
    endsAt: endsAt === null ? null : new Date(endsAt).toISOString(),
  };
  const cancel = endsAt === null ? () => {} : hub.clock.at(endsAt, () => stopAnimation(hub));
  hub.ledRing.playing = { animation: current, custom, cancel };
  hub.bus.publish(MANAGER_URI, 'animation.play', current);
  return current;
}

/**
 * Plays an animation of the catalogue, replacing the one playing. It stops by itself after `duration` ms, else
 * after its own length, unless it loops: then it plays until stopped. Announced as `animation.play`.
 */
export function playAnimation(hub: LedRingHub, id: string, duration?: number): Playing {
  const animation = findAnimation(id);
  if (!animation) throw notFound(`Animation ${id}`);
  return play(hub, id, 'catalogue', duration ?? (animation.loop ? null : animation.duration));
}

/** Plays a developer's frames (the devkit's, an app's), under a new id, until `duration` has passed or it is stopped. */
export function playCustomAnimation(hub: LedRingHub, animation: CustomAnimation, source: 'devkit' | 'app' = 'devkit'): Playing {
  return play(hub, randomUUID(), source, animation.duration ?? null, animation);
}

/** The frame of a developer's animation (started at `since`) showing now on the hub clock: they follow each other, over and over. */
function currentFrame(hub: LedRingHub, since: number, { frames, transition = DEFAULT_TRANSITION_MS }: CustomAnimation): Pixel[] {
  return frames[Math.floor((hub.now() - since) / transition) % frames.length]!;
}

const appScreensaversOf = (hub: LedRingHub) => hub.ledRing.appScreensavers;

/** Adds (or gives new frames to) an app's screensaver: listed, and shown when chosen. */
export function registerAppScreensaver(hub: LedRingHub, screensaver: Screensaver, animation: CustomAnimation): void {
  appScreensaversOf(hub).set(screensaver.id, { screensaver, animation, since: hub.now() });
}

/**
 * Takes the screensavers of `ownerUri` (or only the one of `id`) off the list: the ring shows the default while one was
 * chosen. `forget` (the app let it go, or is uninstalled) unsets that choice too; without it (the app stopped) the
 * choice waits for the app's return.
 */
export function unregisterAppScreensavers(hub: LedRingHub, ownerUri: string, { id, forget }: { id?: string; forget: boolean }): void {
  const matches = (candidate: string) => (id === undefined ? candidate.startsWith(`${ownerUri}:`) : candidate === id);
  for (const key of appScreensaversOf(hub).keys()) if (matches(key)) appScreensaversOf(hub).delete(key);
  if (forget && matches(screensaverOption.get(hub))) screensaverOption.unset(hub);
}

/** The ring's screensavers and those of running apps. */
export const listScreensavers = (hub: LedRingHub): Screensaver[] => [...screensavers, ...[...appScreensaversOf(hub).values()].map((entry) => entry.screensaver)];

/** Chooses a screensaver of the list; any other is refused. */
export function chooseScreensaver(hub: LedRingHub, id: ScreensaverId): void {
  if (!isOwnScreensaver(id) && !appScreensaversOf(hub).has(id)) throw badRequest(`Unknown screensaver: ${id} (GET /api/manager/ledring/screensaver lists them)`);
  screensaverOption.set(hub, id);
}

/** Stops the animation playing, if any, announced as `animation.stop`; the screensaver shows again. */
export function stopAnimation(hub: LedRingHub): void {
  const current = hub.ledRing.playing;
  if (!current) return;
  hub.ledRing.playing = undefined;
  current.cancel();
  hub.bus.publish(MANAGER_URI, 'animation.stop', { id: current.animation.id });
}

/** Stops the developer's animation of this id; 404 when it no longer plays (ended, stopped or replaced). */
export function stopCustomAnimation(hub: LedRingHub, id: string): void {
  const current = hub.ledRing.playing?.animation;
  if (current?.source !== 'devkit' || current.id !== id) throw notFound(`Devkit animation ${id}`);
  stopAnimation(hub);
}

export function ledringState(hub: LedRingHub): State {
  const brightness = brightnessOption.get(hub);
  const chosen = screensaverOption.get(hub);
  const ofApp = appScreensaversOf(hub).get(chosen);
  const screensaver = ofApp || isOwnScreensaver(chosen) ? chosen : DEFAULT_SCREENSAVER;
  const current = hub.ledRing.playing;
  const animation = current?.animation ?? null;
  const showing = brightness === 0 ? 'off' : animation ? 'animation' : screensaver === 'off' ? 'off' : 'screensaver';
  const frames = showing === 'animation' ? current?.custom && { since: Date.parse(current.animation.startedAt), animation: current.custom } : showing === 'screensaver' && ofApp;
  const pixels = frames ? currentFrame(hub, frames.since, frames.animation) : null;
  return { brightness, screensaver, showing, animation, pixels };
}
