import { advance, choose, collected, embeddedStep, firstEntries, groupsOf, type TreeContext } from './walker.js';

const titles = (step: Parameters<typeof groupsOf>[0], context: TreeContext) =>
  Object.fromEntries(groupsOf(step, context).map((group) => [group.title, group.tiles.map((tile) => (tile.placeholder ? '…' : `${tile.title}${tile.subtitle ? ` (${tile.subtitle})` : ''}`))]));

const context: TreeContext = {
  user: { fullname: 'Anna de Vries', email: 'anna@example.com', avatar: null },
  hubs: [
    { _id: 'h1', name: 'Home', platform: 'local', model: 'hub-pro-2' },
    { _id: 'h2', name: 'Cabin', platform: 'cloud', bridges: [{}] },
    { _id: 'h3', name: 'Office', platform: 'cloud' },
  ],
  orders: [{ id: 1042, date: '2026-03-05T10:00:00Z' }],
  subscriptions: [
    { id: 'plus_1', startedAt: '2025-01-02T00:00:00Z' },
    { id: 'premium_9', startedAt: '2025-02-03T00:00:00Z' },
    { id: 'developer_4', startedAt: '2025-03-04T00:00:00Z' },
    { id: 'legacy_7', startedAt: '2025-04-05T00:00:00Z' },
  ],
};

describe('walker', () => {
  it('when the first step is shown, then its tiles come from the user data with the seed texts', () => {
    expect(titles('category', context)).toEqual({
      'My Account': ['Anna de Vries (anna@example.com)'],
      'My Hubs': ['Home (Open Hub Pro (2nd generation))', 'Cabin (With Bridge)', 'Office (Without Bridge)', "My hub isn't listed"],
      'My Orders': ['Order #1042 (5 March 2026)', "My order isn't listed"],
      'My Subscriptions': [
        'Pro Backups (Since 2 January 2025)',
        'Premium (Since 3 February 2025)',
        'Developer (Since 4 March 2025)',
        'legacy_7 (Since 5 April 2025)',
        "My subscription isn't listed",
      ],
    });
  });

  it('when the data is still loading, then placeholders stand in for the tiles made from it', () => {
    expect(titles('apps', {}).Apps).toEqual(['…', '…', '…', 'Other']);
  });

  it('when the hub is the newer Pro model, then 868 MHz is hidden and Matter, Thread, Ethernet Adapter and Satellite Mode appear', () => {
    const newer = titles('proHub', { hub: { hasBridge: false, model: 'hub-pro-2' } });
    expect(newer.Wireless).toEqual(['433 MHz', 'Bluetooth', 'Infrared', 'Wi-Fi', 'Zigbee', 'Z-Wave', 'Matter', 'Thread']);
    expect(newer.More).toEqual(['Family', 'Backups', 'Ethernet Adapter', 'Satellite Mode', 'Other']);
    const older = titles('proHub', { hub: { hasBridge: true, model: 'homey-pro' } });
    expect(older.Wireless).toEqual(['433 MHz', '868 MHz', 'Bluetooth', 'Infrared', 'Wi-Fi', 'Zigbee', 'Z-Wave']);
    expect(older.More).toEqual(['Family', 'Bridge', 'Backups', 'Other']);
  });

  it('when the hub has a bridge, then Zigbee shows its bridge-specific articles; without one, its own', () => {
    const zigbee = (hasBridge: boolean) => groupsOf('cloudHub', { hub: { hasBridge } }).flatMap((group) => group.tiles).find((tile) => tile.key === 'zigbee')!.choice!.articles;
    expect(zigbee(true)).toEqual([360030000310, 360030000314]);
    expect(zigbee(false)).toEqual([360030000308, 360030000309]);
  });

  it('when apps are listed, then a partner app leads to support and any other app to its developer', () => {
    const tiles = groupsOf('apps', { apps: [{ id: 'com.partner', name: 'Partner', authorId: '5b0e6a1f3c2d4e5f6a7b8c92' }, { id: 'com.someone', name: 'Someone', authorId: 'u1' }] })[0]!.tiles;
    expect(tiles.map((tile) => tile.choice?.branch.action)).toEqual(['knowledgeBaseThenTicket', 'contactDeveloper', 'knowledgeBaseThenTicket']);
  });

  it('when choices are made and an earlier one changes, then the later steps and their data are discarded', () => {
    const hubTile = groupsOf('category', context)[1]!.tiles[2]!;
    let entries = choose(firstEntries, 0, hubTile.choice!);
    expect(entries.map((entry) => entry.step)).toEqual(['category', 'cloudHub']);
    const flow = groupsOf('cloudHub', context).flatMap((group) => group.tiles).find((tile) => tile.key === 'flow')!;
    entries = choose(entries, 1, flow.choice!);
    expect(entries.map((entry) => entry.step)).toEqual(['category', 'cloudHub', 'knowledgeBase']);
    expect(embeddedStep(entries[2]!)).toBe('community');
    expect(collected(entries)).toMatchObject({ data: { hubId: 'h3' }, tags: ['cloud', 'flow'], path: ['Office', 'Flow'] });

    const order = groupsOf('category', context)[2]!.tiles[0]!;
    entries = choose(entries, 0, order.choice!);
    expect(entries.map((entry) => entry.step)).toEqual(['category', 'knowledgeBase']);
    expect(embeddedStep(entries[1]!)).toBeUndefined();
    expect(collected(entries).data).toEqual({ orderId: '1042' });
    entries = advance(entries, 1);
    expect(entries.map((entry) => entry.step)).toEqual(['category', 'knowledgeBase', 'ticket']);
  });
});
