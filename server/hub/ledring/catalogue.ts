import type { components } from '../../../generated/hub/ledring.js';

export type Animation = components['schemas']['LedringAnimation'];
export type Screensaver = components['schemas']['LedringScreensaver'];
export type ScreensaverId = components['schemas']['LedringScreensaverId'];

const LEDRING = 'homey:manager:ledring';

/** The ring's own screensavers, in the contract's order (apps add theirs while they run: ledring.ts). */
export const screensavers: readonly Screensaver[] = [
  { id: 'off', title: 'Off', description: 'The ring stays dark.' },
  { id: 'rainbow', title: 'Rainbow', description: 'A slowly turning rainbow.' },
  { id: 'clock', title: 'Clock', description: 'The hour and minute hands in white.' },
  { id: 'pulse', title: 'Pulse', description: 'A soft white glow that breathes in and out.' },
  { id: 'moon', title: 'Moon', description: "Today's phase of the moon." },
  { id: 'weather', title: 'Weather', description: 'A colour for the temperature outside, blue for cold to red for hot.' },
].map((screensaver) => ({ ...screensaver, ownerUri: LEDRING }));

/** The screensaver the ring shows when none is chosen, or while the app of the one chosen does not run. */
export const DEFAULT_SCREENSAVER = 'rainbow';
const ownIds = new Set(screensavers.map((screensaver) => screensaver.id));
export const isOwnScreensaver = (id: string): boolean => ownIds.has(id);

/** The animations apps, flows and the hub itself play on the ring (pairing, updates, alarms, feedback). */
export const animations: readonly Animation[] = [
  { id: 'loading', title: 'Loading', color: '#ffffff', duration: 1500, loop: true },
  { id: 'pairing', title: 'Pairing', color: '#2979ff', duration: 2000, loop: true },
  { id: 'listening', title: 'Listening', color: '#00b0ff', duration: 1200, loop: true },
  { id: 'updating', title: 'Updating', color: '#aa00ff', duration: 3000, loop: true },
  { id: 'alarm', title: 'Alarm', color: '#ff1744', duration: 800, loop: true },
  { id: 'success', title: 'Success', color: '#00c853', duration: 2000, loop: false },
  { id: 'error', title: 'Error', color: '#d50000', duration: 2000, loop: false },
  { id: 'warning', title: 'Warning', color: '#ffab00', duration: 2000, loop: false },
  { id: 'doorbell', title: 'Doorbell', color: '#ffd600', duration: 3000, loop: false },
  { id: 'rainbow-spin', title: 'Rainbow spin', color: '#ff4081', duration: 2500, loop: false },
];

const animationsById = new Map(animations.map((animation) => [animation.id, animation]));

/** An animation of the catalogue, by id (a Map: any client string is an ordinary miss). */
export const findAnimation = (id: string): Animation | undefined => animationsById.get(id);
