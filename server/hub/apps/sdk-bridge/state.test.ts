import type { HubCore } from '../../core/context.js';
import { HubServices } from '../../core/service.js';
import { sdkBridge } from './state.js';

describe('the SDK bridge service', () => {
  it('when the hub stops with listeners an app left behind, then each is ended and forgotten', async () => {
    // The bridge's state reads nothing of the core.
    const services = HubServices.on({} as HubCore).use(sdkBridge);
    const { sdkBridge: state } = services.hub;
    const ended: string[] = [];
    state.following.set('app', { uris: new Set(['homey:manager:devices']), stop: () => ended.push('following') });
    state.receivers.set('app:433:signal', () => ended.push('receiver'));
    state.nodes = { nodes: new Map(), stop: () => ended.push('nodes') };
    state.ble = { byApp: new Map(), stop: () => ended.push('ble') };
    await services.stop();
    expect(ended).toEqual(['following', 'receiver', 'nodes', 'ble']);
    expect(state).toMatchObject({ following: new Map(), receivers: new Map(), nodes: undefined, ble: undefined });
  });
});
