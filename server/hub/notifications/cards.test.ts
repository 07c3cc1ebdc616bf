import type { ActionCard } from '../flow/cards.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe('the "Create a notification" flow card', () => {
  let hub: TestHub;
  const card = () => hub.hub.cards.get('homey:manager:notifications:create_notification') as ActionCard;
  const run = (text: unknown) => card().run({ args: { text }, tokens: {}, state: {} }, hub.hub);
  const posted = (excerpt: string) => hub.hub.store.values('notification').filter((notification) => notification.excerpt === excerpt);

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when the hub runs, then the action card is among its cards, with its text argument', () => {
    expect(hub.hub.cards.all('action')).toContainEqual(expect.objectContaining({
      id: 'homey:manager:notifications:create_notification', ownerUri: 'homey:manager:notifications', title: 'Create a notification',
      args: [expect.objectContaining({ name: 'text', type: 'text', required: true })],
    }));
  });

  it("when a flow runs it, then a notification of the flow manager is posted; with the flow owner off, none", async () => {
    await run('The washing is done');
    expect(posted('The washing is done')).toEqual([expect.objectContaining({ ownerUri: 'homey:manager:flow', priority: 'INFO', roles: [] })]);
    await hub.http().put('/api/manager/notifications/owner/homey:manager:flow/enabled').set(bearer(hub.token)).send({ enabled: false }).expect(200);
    await run('Silenced');
    expect(posted('Silenced')).toEqual([]);
  });

  it('when its text is empty, then the run fails with a 400 the flow engine can report', () => {
    expect(() => run('  ')).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});
