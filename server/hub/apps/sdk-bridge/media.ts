import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError, badRequest, notFound } from '../../../http/errors.js';
import type { Hub } from '../../core/context.js';
import { hubVolume } from '../../audio/audio.js';
import {
  ledringState, playAnimation, playCustomAnimation, registerAppScreensaver, stopAnimation, unregisterAppScreensavers, type CustomAnimation,
} from '../../ledring/ledring.js';
import { say } from '../../speech-output/speech.js';
import { wavDuration } from '../../speech-output/speech.js';
import { text } from '../app-drivers.js';
import { appUri } from '../app-record.js';
import { requirePermission, type SdkRequests } from './requests.js';

/** The largest sample an app may give the speaker. */
const MAX_SAMPLE_BYTES = 5 * 1024 * 1024;
const LEDS = 24;

type Format = 'wav' | 'mp3';
/** The samples each running app registered, by `<appId>:<format>:<sampleId>`: the speaker's memory, not kept on disk. */
const samplesOf = (hub: Hub) => hub.sdkBridge.samples;

const isWav = (data: Buffer) => data.length >= 44 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WAVE';
/** An MP3 starts with its ID3 tag or with a frame's sync bits. */
const isMp3 = (data: Buffer) => data.toString('latin1', 0, 3) === 'ID3' || (data.length > 2 && data[0] === 0xff && (data[1]! & 0xe0) === 0xe0);

function formatOf(value: unknown): Format {
  if (value !== 'wav' && value !== 'mp3') throw badRequest('A sample is WAV or MP3');
  return value;
}

/** Plays a sample on the hub's speaker, given now (and kept) or registered before: the `play` event of manager audio. */
function play(hub: Hub, appId: string, { format: given, sampleId, data }: Record<string, unknown>) {
  const format = formatOf(given);
  const key = `${appId}:${format}:${String(sampleId)}`;
  if (typeof data === 'string') {
    const sample = Buffer.from(data, 'base64');
    if (sample.length > MAX_SAMPLE_BYTES) throw new ApiError(413, 'too_large', `A sample may hold ${MAX_SAMPLE_BYTES} bytes; this one holds ${sample.length}`);
    if (!(format === 'wav' ? isWav(sample) : isMp3(sample))) throw badRequest(`Sample ${String(sampleId)} is not ${format === 'wav' ? 'a WAV' : 'an MP3'} file`);
    samplesOf(hub).set(key, sample);
  }
  const sample = samplesOf(hub).get(key);
  if (!sample) throw notFound(`Sample ${String(sampleId)} (play it once with its file first)`);
  const played = {
    ownerUri: appUri(appId), sampleId: String(sampleId), format, size: sample.length,
    duration: format === 'wav' ? wavDuration(sample) : null, volume: hubVolume(hub), playedAt: new Date(hub.now()).toISOString(),
  };
  hub.bus.publish('homey:manager:audio', 'play', played);
  return played;
}

function remove(hub: Hub, appId: string, { format, sampleId }: Record<string, unknown>): void {
  if (!samplesOf(hub).delete(`${appId}:${formatOf(format)}:${String(sampleId)}`)) throw notFound(`Sample ${String(sampleId)}`);
}

/** Forgets the samples of an app that stopped. */
export function forgetSamples(hub: Hub, appId: string): void {
  for (const key of samplesOf(hub).keys()) if (key.startsWith(`${appId}:`)) samplesOf(hub).delete(key);
}

type Pixel = { r: number; g: number; b: number };
const isPixel = (value: unknown): value is Pixel =>
  typeof value === 'object' && value !== null && ['r', 'g', 'b'].every((key) => Number.isInteger((value as Record<string, unknown>)[key]) && ((value as Record<string, number>)[key]! >= 0) && (value as Record<string, number>)[key]! <= 255);

/** The frames of an app's animation: a list of frames of 24 pixels each, or one frame of 24 pixels. */
function framesOf(frames: unknown): Pixel[][] {
  const list = Array.isArray(frames) && frames.every(Array.isArray) ? (frames as unknown[][]) : [frames as unknown[]];
  if (!list.length || !list.every((frame) => Array.isArray(frame) && frame.length === LEDS && frame.every(isPixel))) {
    throw badRequest(`A ring animation's frames each hold the colours of the ring's ${LEDS} LEDs ({ r, g, b }, 0 to 255)`);
  }
  return list as Pixel[][];
}

/** A colour `#rrggbb` as a pixel. */
function pixelOf(color: unknown): Pixel {
  const match = typeof color === 'string' ? /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color) : null;
  if (!match) throw badRequest('A progress animation\'s colour is #rrggbb');
  return { r: parseInt(match[1]!, 16), g: parseInt(match[2]!, 16), b: parseInt(match[3]!, 16) };
}

/** `duration` of the SDK: ms, or false to play until stopped. */
const durationOf = (duration: unknown) => (typeof duration === 'number' && duration > 0 ? duration : undefined);

/** A frames animation of the SDK (`createAnimation`'s options) as the ring plays it. */
function customAnimation(opts: Record<string, unknown>): CustomAnimation {
  const custom: CustomAnimation = { frames: framesOf(opts.frames), duration: durationOf(opts.duration) };
  if (typeof opts.transition === 'number' && opts.transition > 0) custom.transition = opts.transition;
  return custom;
}

/** Starts an app's animation on the ring (its frames, its progress, or one of the hub's); answers the id that plays. */
function startAnimation(hub: Hub, { animation, system }: Record<string, unknown>): string {
  const opts = (animation ?? {}) as Record<string, unknown>;
  if (system === 'progress') {
    const options = (opts.options ?? {}) as Record<string, unknown>;
    const lit = Math.round(Number(opts.progress ?? 0) * LEDS);
    const colour = pixelOf(options.color ?? '#ffffff');
    const frame = Array.from({ length: LEDS }, (_, index) => (index < lit ? colour : { r: 0, g: 0, b: 0 }));
    return playCustomAnimation(hub, { frames: [frame] }, 'app').id;
  }
  if (typeof system === 'string') return playAnimation(hub, system, durationOf(opts.duration)).id;
  return playCustomAnimation(hub, customAnimation(opts), 'app').id;
}

const LEDRING_PERMISSION = 'homey:manager:ledring';

/** The screensaver `name` of the app's app.json `screensavers` (read from its package, not from what the app says), or a 404. */
function declaredScreensaver(hub: Hub, appId: string, name: unknown): { name: string; title: string } {
  const dir = hub.apps.packages.get(appId)?.dir;
  const declared = dir ? (JSON.parse(readFileSync(join(dir, 'app.json'), 'utf-8')) as { screensavers?: unknown }).screensavers : undefined;
  const found = Array.isArray(declared) ? declared.find((screensaver: { name?: unknown }) => screensaver?.name === name) : undefined;
  if (!found || typeof name !== 'string') throw notFound(`Screensaver ${String(name)} (app.json \`screensavers\` names an app's screensavers)`);
  return { name, title: text(found.title) ?? name };
}

/** `registerScreensaver`: the app's screensaver of app.json, played from the animation's frames while the app runs. */
function registerScreensaver(hub: Hub, appId: string, { name, animation }: Record<string, unknown>): void {
  requirePermission(hub, appId, LEDRING_PERMISSION);
  const screensaver = declaredScreensaver(hub, appId, name);
  const opts = (animation ?? {}) as Record<string, unknown>;
  if (!Array.isArray(opts.frames)) throw badRequest('A screensaver plays frames of its own: register an animation of createAnimation');
  const appName = hub.store.get('app', appId)?.name ?? appId;
  registerAppScreensaver(
    hub,
    { id: `${appUri(appId)}:${screensaver.name}`, title: screensaver.title, description: `A screensaver of ${appName}.`, ownerUri: appUri(appId) },
    { ...customAnimation(opts), duration: undefined },
  );
}

/** Takes an app's screensavers off the ring: those of an app that stopped, or all its traces (`forget`: uninstalled). */
export function dropScreensavers(hub: Hub, appId: string, { forget }: { forget: boolean }): void {
  unregisterAppScreensavers(hub, appUri(appId), { forget });
}

export const mediaRequests: SdkRequests = {
  'audio.play': play,
  'audio.remove': remove,
  'speechOutput.say': (hub, _appId, { text, session }) => say(hub, { text: String(text), session: typeof session === 'string' ? session : undefined }),
  'ledring.start': (hub, _appId, args) => startAnimation(hub, args),
  /** Stops the app's animation if it still plays (one that ended or was replaced is stopped already). */
  'ledring.stop': (hub, _appId, { id }) => {
    if (ledringState(hub).animation?.id === id) stopAnimation(hub);
  },
  'ledring.registerScreensaver': registerScreensaver,
  'ledring.unregisterScreensaver': (hub, appId, { name }) => {
    requirePermission(hub, appId, LEDRING_PERMISSION);
    unregisterAppScreensavers(hub, appUri(appId), { id: `${appUri(appId)}:${declaredScreensaver(hub, appId, name).name}`, forget: true });
  },
};
