/**
 * The wizard's decision tree (seed 000 §2 and §4) as data: every step with its question and description, the tile
 * groups of the choosing steps, the branch each tile starts (a route of later steps), the help-centre articles and
 * ticket tags of each branch, and the options that depend on the hub (bridges, the newer Pro model). The walker
 * (walker.ts) turns it into what is shown; components render that and never branch on a category.
 */

import type { components } from '../../../../generated/support.js';
import type { Branch, Condition, RouteId, Step, StepId, Tile } from './tree-types.js';

export type * from './tree-types.js';

/** Where a choice leads: the steps that follow it, in order. */
export const routes = {
  account: ['account'],
  cloudHub: ['cloudHub'],
  proHub: ['proHub'],
  apps: ['apps'],
  knowledgeBaseThenTicket: ['knowledgeBase', 'ticket'],
  knowledgeBaseThenCommunity: ['knowledgeBase', 'community'],
  community: ['community'],
  contactDeveloper: ['contactDeveloper', 'emailDeveloper'],
  ticket: ['ticket'],
} as const satisfies Record<RouteId, readonly StepId[]>;

/** The newer Pro model's code (the demo hub's `homeyModelId`): it hides 868 MHz and adds Matter, Thread ... */
export const NEWER_PRO_MODEL = 'hub-pro-2';

/** The hub models' display names, for the Pro hub tiles' subtitle (the model code when unknown). */
export const hubModelNames: Readonly<Record<string, string>> = {
  'homey-pro': 'Open Hub Pro',
  [NEWER_PRO_MODEL]: 'Open Hub Pro (2nd generation)',
};

/** Publishers treated as the provider's partners: for their apps the user contacts our support, not the developer. */
export const PARTNER_AUTHOR_IDS: readonly components['schemas']['PartnerAuthorId'][] = [
  '5b0e6a1f3c2d4e5f6a7b8c90',
  '5b0e6a1f3c2d4e5f6a7b8c91',
  '5b0e6a1f3c2d4e5f6a7b8c92',
  '5b0e6a1f3c2d4e5f6a7b8c93',
  '5b0e6a1f3c2d4e5f6a7b8c94',
];

const kbTicket = (tags: string[], articles: number[], bridgeArticles?: number[]): Branch => ({
  action: 'knowledgeBaseThenTicket',
  tags,
  articles,
  ...(bridgeArticles ? { bridgeArticles } : {}),
});
const kbCommunity = (tags: string[], articles: number[]): Branch => ({ action: 'knowledgeBaseThenCommunity', tags, articles });
const direct = (action: 'community' | 'ticket' | 'apps', tags: string[]): Branch => ({ action, tags });
const tile = (id: string, title: string, branch: Branch, only?: Condition): Tile => ({ id, title, ...branch, ...(only ? { only } : {}) });

/** The hub topics both hub steps share; the Pro step routes some of them differently (seed 000 §4). */
const hub = {
  apps: tile('apps', 'Apps', direct('apps', ['apps'])),
  devices: tile('devices', 'Devices', kbTicket(['devices'], [360020000203, 360020000204])),
  flow: tile('flow', 'Flow', kbCommunity(['flow'], [360020000205, 360020000206])),
  advancedFlow: tile('advanced-flow', 'Advanced Flow', direct('community', ['advanced_flow'])),
  logic: tile('logic', 'Logic', kbCommunity(['logic'], [360020000207, 360020000216])),
  insights: tile('insights', 'Insights', kbCommunity(['insights'], [360020000208, 360020000217])),
  energy: tile('energy', 'Energy', kbCommunity(['energy'], [360020000209, 360020000218])),
  dashboards: tile('dashboards', 'Dashboards', direct('community', ['dashboards'])),
  mobileApp: tile('mobile-app', 'Mobile App', direct('ticket', ['mobile_app'])),
  webApp: tile('web-app', 'Web App', direct('ticket', ['web_app'])),
  alexa: tile('alexa', 'Alexa', kbTicket(['alexa'], [360020000211])),
  googleAssistant: tile('google-assistant', 'Google Assistant', kbTicket(['google_assistant'], [360020000212])),
  siri: tile('siri', 'Siri', kbTicket(['siri'], [360020000213])),
  defects: tile('defects', 'Defects', direct('ticket', ['defects'])),
  returns: tile('returns', 'Returns', direct('ticket', ['returns'])),
  rf433: tile('433-mhz', '433 MHz', kbTicket(['433_mhz'], [360030000301, 360030000315])),
  rf868: tile('868-mhz', '868 MHz', kbTicket(['868_mhz'], [360030000302])),
  bluetooth: tile('bluetooth', 'Bluetooth', kbTicket(['bluetooth'], [360030000303, 360030000316])),
  infrared: tile('infrared', 'Infrared', kbTicket(['infrared'], [360030000304])),
  wifi: tile('wi-fi', 'Wi-Fi', kbTicket(['wifi'], [360030000305, 360030000306], [360030000307, 360030000314])),
  zigbee: tile('zigbee', 'Zigbee', kbTicket(['zigbee'], [360030000308, 360030000309], [360030000310, 360030000314])),
  zwave: tile('z-wave', 'Z-Wave', kbTicket(['zwave'], [360030000311, 360030000312], [360030000313, 360030000314])),
  matter: tile('matter', 'Matter', kbTicket(['matter'], [360040000404, 360040000410]), 'newerModel'),
  thread: tile('thread', 'Thread', kbTicket(['thread'], [360040000405]), 'newerModel'),
  family: tile('family', 'Family', kbCommunity(['family'], [360020000214, 360020000219])),
  bridge: tile('bridge', 'Bridge', kbTicket(['bridge'], [360030000314]), 'hasBridge'),
  ethernetAdapter: tile('ethernet-adapter', 'Ethernet Adapter', kbTicket(['ethernet_adapter'], [360040000406, 360040000411]), 'newerModel'),
  satelliteMode: tile('satellite-mode', 'Satellite Mode', kbCommunity(['satellite_mode'], [360040000407]), 'newerModel'),
  backups: tile('backups', 'Backups', kbTicket(['backups'], [360040000401, 360040000402])),
  other: tile('other', 'Other', kbTicket(['other'], [360020000201, 360020000204])),
};

/** The Pro step's own routing of a shared topic: the knowledge base then the ticket, unless the seed says otherwise. */
const pro = (topic: Tile, action: RouteId = 'knowledgeBaseThenTicket', only = topic.only): Tile => ({
  ...topic,
  action,
  ...(only ? { only } : {}),
});

export const steps: Readonly<Record<StepId, Step>> = {
  category: {
    kind: 'action',
    question: "What's your question about?",
    description: 'Choose your account, one of your hubs, an order or a subscription.',
    groups: [
      {
        title: 'My Account',
        source: { kind: 'account', branch: { action: 'account', tags: ['account'] } },
        tiles: [],
      },
      {
        title: 'My Hubs',
        source: {
          kind: 'hubs',
          byPlatform: { cloud: { action: 'cloudHub', tags: ['cloud'] }, local: { action: 'proHub', tags: ['pro'] } },
        },
        tiles: [tile('hub-not-listed', "My hub isn't listed", kbTicket(['hub_not_listed'], [360020000210, 360020000201]))],
      },
      {
        title: 'My Orders',
        source: { kind: 'orders', branch: kbTicket(['order'], [360050000501, 360050000502, 360050000503]) },
        tiles: [tile('order-not-listed', "My order isn't listed", kbTicket(['order_not_listed'], [360050000501, 360050000503]))],
      },
      {
        title: 'My Subscriptions',
        source: {
          kind: 'subscriptions',
          byPrefix: [
            { prefix: 'plus', title: 'Pro Backups', ...kbTicket(['subscription_backups'], [360050000601, 360050000603]) },
            { prefix: 'premium', title: 'Premium', ...kbTicket(['subscription_premium'], [360050000602, 360050000603]) },
            { prefix: 'developer', title: 'Developer', ...direct('ticket', ['subscription_developer']) },
          ],
          otherwise: kbTicket(['subscription_unlisted'], [360050000603]),
        },
        tiles: [tile('subscription-not-listed', "My subscription isn't listed", kbTicket(['subscription_not_listed'], [360050000603]))],
      },
    ],
  },
  account: {
    kind: 'action',
    question: 'What about your account?',
    description: 'Choose the topic that fits your question best.',
    groups: [
      {
        title: 'General',
        tiles: [
          tile('name-email', 'Name / E-mail', kbCommunity(['account_name_email'], [360010000101])),
          tile('profile-picture', 'Profile Picture', kbCommunity(['account_profile_picture'], [360010000102])),
          tile('delete-account', 'Delete Account', kbCommunity(['account_delete'], [360010000103])),
          tile('other', 'Other', direct('ticket', ['account_other'])),
        ],
      },
      {
        title: 'Security',
        tiles: [
          tile('password', 'Password', kbCommunity(['account_password'], [360010000104, 360010000105])),
          tile('2fa', '2FA', kbCommunity(['account_2fa'], [360010000106])),
        ],
      },
    ],
  },
  cloudHub: {
    kind: 'action',
    question: 'What about your hub?',
    description: 'Choose the topic that fits your question best.',
    groups: [
      { title: 'Apps & Devices', tiles: [hub.apps, hub.devices] },
      { title: 'Automation', tiles: [hub.flow, hub.logic] },
      { title: 'Monitoring', tiles: [hub.insights, hub.energy, hub.dashboards] },
      { title: 'Platform', tiles: [hub.mobileApp, hub.webApp] },
      { title: 'Voice Assistants', tiles: [hub.alexa, hub.googleAssistant, hub.siri] },
      { title: 'Warranty', tiles: [hub.defects, hub.returns] },
      { title: 'Wireless', tiles: [hub.rf433, hub.rf868, hub.bluetooth, hub.infrared, hub.wifi, hub.zigbee, hub.zwave] },
      { title: 'More', tiles: [hub.family, hub.bridge, hub.other] },
    ],
  },
  proHub: {
    kind: 'action',
    question: 'What about your hub?',
    description: 'Choose the topic that fits your question best.',
    warnsWhenOutOfDate: true,
    groups: [
      { title: 'Apps & Devices', tiles: [hub.apps, pro(hub.devices)] },
      {
        title: 'Automation',
        tiles: [pro(hub.flow, 'knowledgeBaseThenCommunity'), pro(hub.advancedFlow, 'community'), pro(hub.logic, 'knowledgeBaseThenCommunity')],
      },
      {
        title: 'Monitoring',
        tiles: [
          pro(hub.insights, 'knowledgeBaseThenCommunity'),
          pro(hub.energy, 'knowledgeBaseThenCommunity'),
          { ...hub.dashboards, action: 'knowledgeBaseThenCommunity', articles: [360020000208] },
        ],
      },
      { title: 'Platform', tiles: [pro(hub.mobileApp, 'ticket'), pro(hub.webApp, 'ticket')] },
      {
        title: 'Voice Assistants',
        tiles: [
          pro(hub.alexa, 'knowledgeBaseThenCommunity'),
          pro(hub.googleAssistant, 'knowledgeBaseThenCommunity'),
          pro(hub.siri, 'knowledgeBaseThenCommunity'),
        ],
      },
      { title: 'Warranty', tiles: [{ ...hub.defects, action: 'knowledgeBaseThenTicket', articles: [360020000215] }, pro(hub.returns, 'ticket')] },
      {
        title: 'Wireless',
        tiles: [
          pro(hub.rf433),
          pro(hub.rf868, 'knowledgeBaseThenTicket', 'notNewerModel'),
          pro(hub.bluetooth),
          pro(hub.infrared),
          pro(hub.wifi),
          pro(hub.zigbee),
          pro(hub.zwave),
          pro(hub.matter),
          pro(hub.thread),
        ],
      },
      {
        title: 'More',
        tiles: [
          pro(hub.family),
          pro(hub.bridge),
          pro(hub.backups),
          pro(hub.ethernetAdapter),
          pro(hub.satelliteMode, 'knowledgeBaseThenCommunity'),
          pro(hub.other),
        ],
      },
    ],
  },
  apps: {
    kind: 'action',
    question: 'Which app is this about?',
    description: 'Choose one of the apps installed on your hub.',
    groups: [
      {
        title: 'Apps',
        source: {
          kind: 'apps',
          partner: kbTicket(['app_partner'], [360020000201, 360020000202]),
          community: { action: 'contactDeveloper', tags: ['app_developer'], articles: [360050000701, 360050000702] },
        },
        tiles: [tile('app-other', 'Other', kbTicket(['app_not_listed'], [360020000201, 360050000701]))],
      },
    ],
  },
  knowledgeBase: {
    kind: 'plain',
    question: 'This might help you.',
    description: 'These articles of our help centre answer the questions we hear most about this topic.',
  },
  community: {
    kind: 'plain',
    question: 'Ask the community.',
    description:
      'Our support team focuses on general support and cannot help with custom use-cases. Our community of users and developers is happy to help you further.',
    embeddable: true,
  },
  contactDeveloper: {
    kind: 'plain',
    question: 'Contact the developer.',
    description: 'This app was made by a developer outside our team, who can help you best.',
    optionalNext: true,
  },
  emailDeveloper: {
    kind: 'final',
    question: 'Send an e-mail to the developer.',
    description: 'A diagnostic report of the app is sent with your message.',
  },
  ticket: {
    kind: 'final',
    question: "We're happy to help.",
    description: 'Tell us what is going on and we will get back to you by e-mail.',
  },
};
