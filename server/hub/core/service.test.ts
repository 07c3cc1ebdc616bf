import type { Hub, HubCore } from './context.js';
import { HubServices, news, type HubService } from './service.js';

// HubServices only hands the core on: an empty stand-in is enough to watch the order of starts and stops.
const core = () => ({}) as HubCore;

describe('hub services', () => {
  it('when services are listed, then each starts on what those before it gave, and they stop last started first', async () => {
    const told: string[] = [];
    const counter: HubService<Record<never, never>, { count: number }> = {
      name: 'counter',
      start: () => (told.push('start counter'), { gives: { count: 1 }, stop: () => void told.push('stop counter') }),
    };
    const doubler: HubService<{ count: number }, { doubled: number }> = {
      name: 'doubler',
      start: ({ count }) => (told.push('start doubler'), { gives: { doubled: count * 2 }, stop: async () => void told.push('stop doubler') }),
    };
    const services = HubServices.on(core()).use(counter).use(doubler);
    expect(services.hub).toMatchObject({ count: 1, doubled: 2 });
    await services.stop();
    expect(told).toEqual(['start counter', 'start doubler', 'stop doubler', 'stop counter']);
  });

  it('when a service gives what the hub has already, then the list fails at that service', () => {
    const counter: HubService<Record<never, never>, { count: number }> = { name: 'counter', start: () => ({ gives: { count: 1 } }) };
    expect(() => HubServices.on(core()).use(counter).use({ ...counter, name: 'second counter' })).toThrow('Hub service second counter gives count, which the hub has already');
  });

  describe('late needs', () => {
    // A stand-in for the part: the services only hand it on.
    const updates = {} as Hub['updates'];
    const updater: HubService<Record<never, never>, Pick<Hub, 'updates'>> = { name: 'updater', start: () => ({ gives: { updates } }) };

    it('when a service reads a late need before its service has started, then it throws naming both', () => {
      const eager: HubService<Record<never, never>, Record<never, never>, 'updates'> = {
        name: 'eager',
        later: { updates: true },
        start: (hub) => ({ gives: { seen: hub.updates } }),
      };
      expect(() => HubServices.on(core()).use(eager)).toThrow('Hub service eager used hub.updates, whose service has not started yet');
    });

    it('when a late need has started, then the service that named it reads it on later calls', () => {
      let read: () => unknown = () => undefined;
      const patient: HubService<Record<never, never>, Record<never, never>, 'updates'> = {
        name: 'patient',
        later: { updates: true },
        start: (hub) => ((read = () => hub.updates), { gives: {} }),
      };
      const hub = HubServices.on(core()).use(patient).use(updater).finish();
      expect(read()).toBe(updates);
      expect(hub.updates).toBe(updates);
    });

    it('when no service gives a late need, then the list does not finish', () => {
      const waiting: HubService<Record<never, never>, Record<never, never>, 'updates'> = { name: 'waiting', later: { updates: true }, start: () => ({ gives: {} }) };
      const services = HubServices.on(core()).use(waiting);
      // The compiler refuses this list too (service.typecheck.ts): the cast shows the check at run time.
      expect(() => (services as unknown as HubServices<HubCore>).finish()).toThrow('Hub services need updates, which no service gave');
    });
  });

  it('when a news service stops, then its listeners are released and hear nothing more', async () => {
    const services = HubServices.on(core()).use(news('presenceChanges', 'presence changes'));
    const heard: boolean[] = [];
    services.hub.presenceChanges.add(({ value }) => heard.push(value));
    services.hub.presenceChanges.tell({ userId: 'u1', kind: 'present', value: true, forced: false });
    await services.stop();
    services.hub.presenceChanges.tell({ userId: 'u1', kind: 'present', value: false, forced: false });
    expect(heard).toEqual([true]);
  });
});
