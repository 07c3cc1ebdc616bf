import { HUB_MODEL } from '../../../../server/hub/system/info.js';
import { KNOWLEDGE_BASE } from '../../../../server/support/knowledge-base/index.js';
import { readFileSync } from 'node:fs';
import { NEWER_PRO_MODEL, PARTNER_AUTHOR_IDS, routes, steps, type Branch, type StepId } from './tree.js';

/** A branch's label for the table: the tile's title, or what a tile made from data stands for. */
type Labelled = [label: string, branch: Branch & { only?: string }];

/** Every branch a choosing step offers, from its data: each static tile and each kind of tile its source makes. */
function branchesOf(step: StepId): Labelled[] {
  return (steps[step].groups ?? []).flatMap((group) => {
    const source = group.source;
    const fromSource: Labelled[] =
      source?.kind === 'account' || source?.kind === 'orders'
        ? [[`${group.title}: ${source.kind}`, source.branch]]
        : source?.kind === 'hubs'
          ? Object.entries(source.byPlatform).map(([platform, branch]): Labelled => [`${group.title}: ${platform} hub`, branch])
          : source?.kind === 'subscriptions'
            ? [...source.byPrefix.map(({ prefix, ...branch }): Labelled => [`${group.title}: ${prefix}`, branch]), [`${group.title}: other id`, source.otherwise]]
            : source?.kind === 'apps'
              ? [[`${group.title}: partner app`, source.partner], [`${group.title}: community app`, source.community]]
              : [];
    return [...fromSource, ...group.tiles.map(({ title, ...branch }): Labelled => [`${group.title}: ${title}`, branch])];
  });
}

/** Every path from the first step to where it ends: the steps after the last choice, joined by arrows. */
function enumerate(step: StepId = 'category', prefix: string[] = []): Map<string, string> {
  const paths = new Map<string, string>();
  for (const [label, branch] of branchesOf(step)) {
    const path = [...prefix, label];
    const [next, ...rest] = routes[branch.action];
    if (next && steps[next].kind === 'action') {
      expect(rest).toEqual([]);
      for (const [deeper, end] of enumerate(next, path)) paths.set(deeper, end);
    } else {
      paths.set(path.join(' > '), routes[branch.action].join(' -> '));
    }
  }
  return paths;
}

const KB_TICKET = 'knowledgeBase -> ticket';
const KB_COMMUNITY = 'knowledgeBase -> community';
const COMMUNITY = 'community';
const DEVELOPER = 'contactDeveloper -> emailDeveloper';
const TICKET = 'ticket';

/** Seed 000 §4, written out: each path through the tree and where it ends. */
const apps = (hub: string) => ({
  [`${hub} > Apps & Devices: Apps > Apps: partner app`]: KB_TICKET,
  [`${hub} > Apps & Devices: Apps > Apps: community app`]: DEVELOPER,
  [`${hub} > Apps & Devices: Apps > Apps: Other`]: KB_TICKET,
});
const CLOUD = 'My Hubs: cloud hub';
const PRO = 'My Hubs: local hub';
const expected: Record<string, string> = {
  'My Account: account > General: Name / E-mail': KB_COMMUNITY,
  'My Account: account > General: Profile Picture': KB_COMMUNITY,
  'My Account: account > General: Delete Account': KB_COMMUNITY,
  'My Account: account > General: Other': TICKET,
  'My Account: account > Security: Password': KB_COMMUNITY,
  'My Account: account > Security: 2FA': KB_COMMUNITY,
  ...apps(CLOUD),
  [`${CLOUD} > Apps & Devices: Devices`]: KB_TICKET,
  [`${CLOUD} > Automation: Flow`]: KB_COMMUNITY,
  [`${CLOUD} > Automation: Logic`]: KB_COMMUNITY,
  [`${CLOUD} > Monitoring: Insights`]: KB_COMMUNITY,
  [`${CLOUD} > Monitoring: Energy`]: KB_COMMUNITY,
  [`${CLOUD} > Monitoring: Dashboards`]: COMMUNITY,
  [`${CLOUD} > Platform: Mobile App`]: TICKET,
  [`${CLOUD} > Platform: Web App`]: TICKET,
  [`${CLOUD} > Voice Assistants: Alexa`]: KB_TICKET,
  [`${CLOUD} > Voice Assistants: Google Assistant`]: KB_TICKET,
  [`${CLOUD} > Voice Assistants: Siri`]: KB_TICKET,
  [`${CLOUD} > Warranty: Defects`]: TICKET,
  [`${CLOUD} > Warranty: Returns`]: TICKET,
  [`${CLOUD} > Wireless: 433 MHz`]: KB_TICKET,
  [`${CLOUD} > Wireless: 868 MHz`]: KB_TICKET,
  [`${CLOUD} > Wireless: Bluetooth`]: KB_TICKET,
  [`${CLOUD} > Wireless: Infrared`]: KB_TICKET,
  [`${CLOUD} > Wireless: Wi-Fi`]: KB_TICKET,
  [`${CLOUD} > Wireless: Zigbee`]: KB_TICKET,
  [`${CLOUD} > Wireless: Z-Wave`]: KB_TICKET,
  [`${CLOUD} > More: Family`]: KB_COMMUNITY,
  [`${CLOUD} > More: Bridge`]: KB_TICKET,
  [`${CLOUD} > More: Other`]: KB_TICKET,
  ...apps(PRO),
  [`${PRO} > Apps & Devices: Devices`]: KB_TICKET,
  [`${PRO} > Automation: Flow`]: KB_COMMUNITY,
  [`${PRO} > Automation: Advanced Flow`]: COMMUNITY,
  [`${PRO} > Automation: Logic`]: KB_COMMUNITY,
  [`${PRO} > Monitoring: Insights`]: KB_COMMUNITY,
  [`${PRO} > Monitoring: Energy`]: KB_COMMUNITY,
  [`${PRO} > Monitoring: Dashboards`]: KB_COMMUNITY,
  [`${PRO} > Platform: Mobile App`]: TICKET,
  [`${PRO} > Platform: Web App`]: TICKET,
  [`${PRO} > Voice Assistants: Alexa`]: KB_COMMUNITY,
  [`${PRO} > Voice Assistants: Google Assistant`]: KB_COMMUNITY,
  [`${PRO} > Voice Assistants: Siri`]: KB_COMMUNITY,
  [`${PRO} > Warranty: Defects`]: KB_TICKET,
  [`${PRO} > Warranty: Returns`]: TICKET,
  [`${PRO} > Wireless: 433 MHz`]: KB_TICKET,
  [`${PRO} > Wireless: 868 MHz`]: KB_TICKET,
  [`${PRO} > Wireless: Bluetooth`]: KB_TICKET,
  [`${PRO} > Wireless: Infrared`]: KB_TICKET,
  [`${PRO} > Wireless: Wi-Fi`]: KB_TICKET,
  [`${PRO} > Wireless: Zigbee`]: KB_TICKET,
  [`${PRO} > Wireless: Z-Wave`]: KB_TICKET,
  [`${PRO} > Wireless: Matter`]: KB_TICKET,
  [`${PRO} > Wireless: Thread`]: KB_TICKET,
  [`${PRO} > More: Family`]: KB_TICKET,
  [`${PRO} > More: Bridge`]: KB_TICKET,
  [`${PRO} > More: Backups`]: KB_TICKET,
  [`${PRO} > More: Ethernet Adapter`]: KB_TICKET,
  [`${PRO} > More: Satellite Mode`]: KB_COMMUNITY,
  [`${PRO} > More: Other`]: KB_TICKET,
  "My Hubs: My hub isn't listed": KB_TICKET,
  'My Orders: orders': KB_TICKET,
  "My Orders: My order isn't listed": KB_TICKET,
  'My Subscriptions: plus': KB_TICKET,
  'My Subscriptions: premium': KB_TICKET,
  'My Subscriptions: developer': TICKET,
  'My Subscriptions: other id': KB_TICKET,
  "My Subscriptions: My subscription isn't listed": KB_TICKET,
};

describe('decision tree', () => {
  const paths = enumerate();

  it('when every path is walked from the data, then each ends where seed 000 §4 says', () => {
    expect(Object.fromEntries(paths)).toEqual(expected);
  });

  it('when a path leads to the knowledge base, then it has articles the help centre ships and every branch has tags', () => {
    const shipped = KNOWLEDGE_BASE.map(({ id }) => id);
    const walk = (step: StepId): Branch[] =>
      branchesOf(step).flatMap(([, branch]) => {
        const next = routes[branch.action][0];
        return next && steps[next].kind === 'action' ? [branch, ...walk(next)] : [branch];
      });
    for (const branch of walk('category')) {
      expect(branch.tags.length).toBeGreaterThan(0);
      if (routes[branch.action][0] === 'knowledgeBase' || branch.action === 'contactDeveloper') expect(branch.articles?.length).toBeGreaterThan(0);
      for (const id of [...(branch.articles ?? []), ...(branch.bridgeArticles ?? [])]) expect(shipped).toContain(id);
    }
  });

  it('when the model-specific options are read, then they follow the seed and the newer model is the demo hub model', () => {
    expect(NEWER_PRO_MODEL).toBe(HUB_MODEL.id);
    const only = (step: StepId) =>
      Object.fromEntries((steps[step].groups ?? []).flatMap((group) => group.tiles.filter((tile) => tile.only).map((tile) => [tile.title, tile.only])));
    expect(only('cloudHub')).toEqual({ Bridge: 'hasBridge' });
    expect(only('proHub')).toEqual({
      '868 MHz': 'notNewerModel',
      Matter: 'newerModel',
      Thread: 'newerModel',
      Bridge: 'hasBridge',
      'Ethernet Adapter': 'newerModel',
      'Satellite Mode': 'newerModel',
    });
  });

  it('when the partner authors are read, then they are the five of the support contract', () => {
    const contract = JSON.parse(readFileSync('generated/support.openapi.json', 'utf8'));
    expect(PARTNER_AUTHOR_IDS).toEqual(contract.components.schemas.PartnerAuthorId.enum);
  });

  it('when Wi-Fi, Zigbee and Z-Wave are read, then they alone have bridge-specific article lists', () => {
    const bridged = (steps.cloudHub.groups ?? []).flatMap((group) => group.tiles.filter((tile) => tile.bridgeArticles).map((tile) => tile.title));
    expect(bridged).toEqual(['Wi-Fi', 'Zigbee', 'Z-Wave']);
  });
});
