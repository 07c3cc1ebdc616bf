import { html, type KnowledgeArticle } from './article.js';

/** My Hubs, for both editions: apps and devices, automation, monitoring, platform, voice assistants, family, warranty. */
export const hubArticles: KnowledgeArticle[] = [
  {
    id: 360020000201,
    section: 'Apps',
    name: 'Installing, updating and removing apps',
    body: html(
      'Apps add support for brands and services. Install them from the app store in the web app or on the app store website; the hub downloads them itself.',
      'Apps update automatically unless you turned that off under <strong>Settings → Apps</strong>. Removing an app also removes its devices and the flow cards that use them.',
    ),
  },
  {
    id: 360020000202,
    section: 'Apps',
    name: 'An app crashes or does not start',
    body: html(
      '- Restart the app from its settings page; a crashed app shows a red warning there.\n- Update the hub and the app: many crashes are fixed in newer builds.\n- Still crashing? Use <strong>Send a diagnostic report</strong> on the app page: the developer receives the app\'s log with your message.',
    ),
  },
  {
    id: 360020000203,
    section: 'Devices',
    name: 'Adding a device',
    body: html(
      'Tap <strong>+</strong> on the Devices page, choose the brand (install its app when asked) and follow the pairing steps. Keep the device close to the hub while pairing.',
      'A device that was paired with another controller usually needs a factory reset first: see its manual.',
    ),
  },
  {
    id: 360020000204,
    section: 'Devices',
    name: 'A device shows as unavailable',
    body: html(
      '- Check the device\'s power or batteries.\n- Battery devices sleep: wake them with a button press before changing settings.\n- Restart the device\'s app on the hub.\n- For wireless devices, see the article of its technology (Zigbee, Z-Wave, Wi-Fi ...) about range.',
    ),
  },
  {
    id: 360020000205,
    section: 'Flow',
    name: 'Creating your first flow',
    body: html(
      'A flow has a <strong>When</strong> card (the trigger), optional <strong>And</strong> cards (conditions) and <strong>Then</strong> cards (actions). Example: when the front door opens, and it is after sunset, then turn on the hallway light.',
      'Use <strong>Test</strong> in the flow editor to run the actions once; a flow with a warning sign has a card whose device or app is gone.',
    ),
  },
  {
    id: 360020000206,
    section: 'Flow',
    name: 'A flow does not start',
    body: html(
      '- Make sure the flow is enabled and not broken (no red cards).\n- Check each And card: a false condition stops the flow silently.\n- Open the flow\'s timeline to see when it last ran.\n- Devices that only report on change do not trigger when their value stays the same.',
    ),
  },
  {
    id: 360020000207,
    section: 'Logic',
    name: 'Using logic variables',
    body: html(
      'Variables (yes/no, number or text) remember something between flows: whether guests are over, how often the doorbell rang today. Create them under <strong>Settings → Logic</strong> and set or compare them with the Logic cards.',
    ),
  },
  {
    id: 360020000208,
    section: 'Insights',
    name: 'Reading insights',
    body: html(
      'Insights chart the values of your devices over time: temperature, power use, motion. Choose a time range and tap a line to compare values.',
      'Recent values are kept at full detail; older ones are kept as averages. Removing a device also removes its insights.',
    ),
  },
  {
    id: 360020000209,
    section: 'Energy',
    name: 'Setting up energy monitoring',
    body: html(
      'Devices with a power meter report their use automatically. For lamps without one, set the expected power under the device\'s <strong>Settings → Power</strong>.',
      'Set your energy price in <strong>Energy → Settings</strong> to see costs; a smart meter reading adds the whole home\'s use.',
    ),
  },
  {
    id: 360020000210,
    section: 'Mobile App',
    name: 'The mobile app does not connect to your hub',
    body: html(
      '- Update the app from the App Store or Google Play.\n- Sign out and in again.\n- At home, make sure the phone is on the same network as the hub; away, the hub needs internet access.',
    ),
  },
  {
    id: 360020000211,
    section: 'Voice Assistants',
    name: 'Connecting Amazon Alexa',
    body: html(
      'Enable the skill in the Alexa app, sign in with your account and let Alexa discover devices. Rename devices in our app, then ask Alexa to discover again.',
      'Alexa only sees device types it supports: lights, plugs, thermostats, locks (opening needs a PIN).',
    ),
  },
  {
    id: 360020000212,
    section: 'Voice Assistants',
    name: 'Connecting Google Assistant',
    body: html(
      'In the Google Home app, choose <strong>Add → Works with Google</strong>, find us and sign in. Assign the devices to rooms in Google Home.',
      'New devices appear after you say "Hey Google, sync my devices".',
    ),
  },
  {
    id: 360020000213,
    section: 'Voice Assistants',
    name: 'Using Siri Shortcuts',
    body: html(
      'Flows marked as <strong>startable</strong> appear as shortcuts in the Shortcuts app on your iPhone. Add one and record a phrase, such as "Good night".',
    ),
  },
  {
    id: 360020000214,
    section: 'Family',
    name: 'Inviting family members',
    body: html(
      'Invite people under <strong>Settings → Family</strong>. Owners and managers can change everything; users control devices and flows; guests only control devices.',
      'Each person needs an account of their own; presence (home or away) is per person.',
    ),
  },
  {
    id: 360020000215,
    section: 'Warranty',
    name: 'Warranty and returns',
    body: html(
      'Hubs and accessories bought from us have a two-year warranty. Within 14 days of delivery you may return them unused for a refund.',
      'Send a ticket with your order number and, for a defect, a short description and a photo; we will send a return label.',
    ),
  },
  {
    id: 360020000216,
    section: 'Logic',
    name: 'Comparing values in And cards',
    body: html(
      'The Logic And cards compare a variable or a device value with a number or text: "Temperature is greater than 21", "Mode is Away". Use them to make one flow do different things.',
      'A flow with an <strong>Else</strong> section runs those actions when the And cards are not all true.',
    ),
  },
  {
    id: 360020000217,
    section: 'Insights',
    name: 'Downloading insights as a spreadsheet',
    body: html(
      'Open a chart, choose the time range and select <strong>Download CSV</strong>. Each row is a time and a value; open it in any spreadsheet program to make your own charts or compare years.',
    ),
  },
  {
    id: 360020000218,
    section: 'Energy',
    name: 'Solar panels and home batteries',
    body: html(
      'Inverters and batteries that report their power appear in Energy as generation and storage. Your home\'s net use then shows what you draw from, or return to, the grid.',
      'Missing values? Check that the inverter\'s app is installed and the device reports <em>power</em>, not only daily totals.',
    ),
  },
  {
    id: 360020000219,
    section: 'Family',
    name: 'Presence: home and away',
    body: html(
      'Each family member is home or away, set by their phone\'s location or by flows. Flows can start when the first person comes home or the last one leaves.',
      'Presence works when the mobile app may use location in the background; without it, set presence by hand or from a flow.',
    ),
  },
];
