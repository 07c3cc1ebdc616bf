import type { Hub } from '../core/context.js';
import type { CardProvider } from './cards.js';
import { deviceCardProvider } from './device-cards.js';
import { flowCardProvider, timeCardProvider } from './flow-cards.js';
import { alarmCardProvider, presenceCardProvider } from './home-cards.js';
import { logicCardProvider } from './logic-cards.js';
import { moodCardProvider } from '../moods/cards.js';
import { notificationCardProvider } from '../notifications/cards.js';
import { audioCardProvider } from '../audio/cards.js';
import { sunCardProvider } from '../geolocation/cards.js';
import { ledringCardProvider } from '../ledring/cards.js';
import { speechCardProvider } from '../speech-output/cards.js';

/** Every built-in card provider of the hub, in the order the editor lists their cards. */
export const cardProviders: readonly CardProvider[] = [
  flowCardProvider,
  deviceCardProvider,
  logicCardProvider,
  timeCardProvider,
  alarmCardProvider,
  presenceCardProvider,
  moodCardProvider,
  notificationCardProvider,
  sunCardProvider,
  speechCardProvider,
  audioCardProvider,
  ledringCardProvider,
];

/** Adds the built-in providers to hub.cards (their triggers are heard from now on); returns their removal. */
export function addCardProviders(hub: Pick<Hub, 'cards'>): () => void {
  const removals = cardProviders.map((provider) => hub.cards.add(provider));
  return () => removals.forEach((remove) => remove());
}
