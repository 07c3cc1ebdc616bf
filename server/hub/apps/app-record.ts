import type { components } from '../../../generated/hub/apps.js';

/** An installed app as the apps manager keeps it, and its settings' values. */
export type App = components['schemas']['App'];
export type AppSettings = components['schemas']['AppSettings'];

/** The uri an app's flow cards, tokens, images and realtime events are owned by. */
export const appUri = (id: string) => `homey:app:${id}`;
