import type { components } from '../../../generated/hub/flowtoken.js';
import type { Hub, HubCore } from '../core/context.js';
import { deviceUri, type Device } from '../devices/device.js';
import type { Variable } from '../logic/api.js';
import { appTokens, findAppToken } from './app-tokens.js';

export type FlowToken = components['schemas']['FlowToken'];
export type FlowTokenType = FlowToken['type'];
export type FlowTokenValue = components['schemas']['FlowTokenValue'];

export const LOGIC_URI = 'homey:manager:logic';
const DEVICE_PREFIX = 'homey:device:';

/**
 * A device's tokens: one per readable capability whose value a flow can use. An enum's value is one of its ids,
 * a string to a flow.
 */
export function deviceTokens(device: Device): FlowToken[] {
  const uri = deviceUri(device);
  return device.capabilities.flatMap((capabilityId) => {
    const capability = device.capabilitiesObj[capabilityId];
    if (!capability?.getable) return [];
    const type: FlowTokenType = capability.type === 'enum' ? 'string' : capability.type;
    const uriObj = { type: 'device' as const, id: device.id, name: device.name };
    return [{ id: `${uri}:${capabilityId}`, uri, ownerUri: uri, ownerId: device.id, title: capability.title, type, value: capability.value ?? null, uriObj }];
  });
}

export const variableToken = (variable: Variable): FlowToken => ({
  id: `${LOGIC_URI}:${variable.id}`,
  uri: LOGIC_URI,
  ownerUri: LOGIC_URI,
  ownerId: 'logic',
  title: variable.name,
  type: variable.type,
  value: variable.value,
  uriObj: { type: 'manager', id: 'logic', name: 'Logic' },
});

/** Every token of the hub: devices', variables' and apps'. */
export function allTokens(hub: HubCore & Pick<Hub, 'appFlowTokens'>): FlowToken[] {
  return [
    ...hub.store.values('device').flatMap(deviceTokens),
    ...hub.store.values('variable').map(variableToken),
    ...appTokens(hub),
  ];
}

/** The token with this full id (`<owner uri>:<local id>`), found through its owner; undefined when there is none. */
export function findToken(hub: HubCore & Pick<Hub, 'appFlowTokens'>, id: string): FlowToken | undefined {
  if (id.startsWith(DEVICE_PREFIX)) {
    const rest = id.slice(DEVICE_PREFIX.length);
    const split = rest.indexOf(':');
    const device = split > 0 ? hub.store.get('device', rest.slice(0, split)) : undefined;
    return device && deviceTokens(device).find((token) => token.id === id);
  }
  if (id.startsWith(`${LOGIC_URI}:`)) {
    const variable = hub.store.get('variable', id.slice(LOGIC_URI.length + 1));
    return variable && variableToken(variable);
  }
  return findAppToken(hub, id);
}
