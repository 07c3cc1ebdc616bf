import type { HubCore } from './context.js';
import { HubServices, type HubService } from './service.js';

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
});
