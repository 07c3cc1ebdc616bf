import type { ActionCard, CardProvider } from '../flow/cards.js';
import { createNotification } from './notify.js';

const OWNER_URI = 'homey:manager:notifications';
/** Notifications that flows post are the flow manager's: switching it off silences every flow's notifications. */
export const FLOW_OWNER_URI = 'homey:manager:flow';

const createNotificationCard: ActionCard = {
  type: 'action',
  id: `${OWNER_URI}:create_notification`,
  ownerUri: OWNER_URI,
  title: 'Create a notification',
  titleFormatted: 'Create a notification with [[text]]',
  args: [{ name: 'text', type: 'text', title: 'Text', required: true, placeholder: 'The washing is done' }],
  run: ({ args }, hub) => {
    createNotification(hub, { ownerUri: FLOW_OWNER_URI, excerpt: String(args.text ?? '') });
  },
};

/** The notifications manager's flow cards: the "Create a notification" action. */
export const notificationCardProvider: CardProvider = {
  cards: () => [createNotificationCard],
};
