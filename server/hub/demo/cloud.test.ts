import { DEMO_OWNER_ATHOM_ID } from './home.js';
import { linkDemoOwner } from './cloud.js';
import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { newUser, ownerOf } from '../users/users.js';

describe('linking the demo owner to the demo cloud account (npm start)', () => {
  let hub: TestHub;
  beforeEach(async () => {
    hub = await startTestHub();
  });
  afterEach(() => hub.stop());

  const ownerAthomId = () => ownerOf(hub.hub)!.athomId;

  it('when the owner is the seeded demo owner, then it becomes the account\'s user; a second link is a no-op', () => {
    expect(ownerAthomId()).toBe(DEMO_OWNER_ATHOM_ID);
    expect(linkDemoOwner(hub.hub, 'a'.repeat(24))).toBe(true);
    expect(ownerAthomId()).toBe('a'.repeat(24));
    expect(linkDemoOwner(hub.hub, 'a'.repeat(24))).toBe(true);
  });

  it('when the cloud data was replaced, then the owner linked before moves to the new demo account', () => {
    linkDemoOwner(hub.hub, 'a'.repeat(24));
    expect(linkDemoOwner(hub.hub, 'b'.repeat(24))).toBe(true);
    expect(ownerAthomId()).toBe('b'.repeat(24));
  });

  it('when someone else took over the hub, then their account stays and the link is refused', () => {
    const owner = ownerOf(hub.hub)!;
    hub.hub.store.transaction(() => {
      hub.hub.store.save('user', { ...owner, isOwner: false });
      hub.hub.store.insert('user', newUser({ name: 'Heir', athomId: 'c'.repeat(24), verified: true, role: 'manager', isOwner: true }));
    });
    expect(linkDemoOwner(hub.hub, 'a'.repeat(24))).toBe(false);
    expect(ownerAthomId()).toBe('c'.repeat(24));
  });

  it('when another hub user already has the account, then the link is refused', () => {
    hub.hub.store.insert('user', newUser({ name: 'Guest', athomId: 'a'.repeat(24), verified: true, role: 'user' }));
    expect(linkDemoOwner(hub.hub, 'a'.repeat(24))).toBe(false);
    expect(ownerAthomId()).toBe(DEMO_OWNER_ATHOM_ID);
  });
});
