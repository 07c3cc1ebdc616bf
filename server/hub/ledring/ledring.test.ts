import { FakeClock } from '../../http/clock.js';
import { EventBus } from '../../http/events.js';
import type { HubCore } from '../core/context.js';
import { HubServices } from '../core/service.js';
import { ledRing, playAnimation } from './ledring.js';

describe('the LED ring service', () => {
  it('when the hub stops while an animation plays, then the timer of its end is cancelled with it', async () => {
    const clock = new FakeClock(Date.parse('2026-11-29T06:00:00Z'));
    // The ring's functions read only the clock and the bus of the core: a stand-in with those is enough.
    const services = HubServices.on({ clock, now: clock.now, bus: new EventBus() } as unknown as HubCore).use(ledRing);
    playAnimation(services.hub, 'loading', 60_000);
    expect(clock.pending).toBe(1);
    await services.stop();
    expect(clock.pending).toBe(0);
  });
});
