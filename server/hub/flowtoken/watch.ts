import { isDeepStrictEqual } from 'node:util';
import type { HubCore } from '../core/context.js';
import { deviceUri, onlyValuesChanged, type Device } from '../devices/device.js';
import { publishToken } from './app-tokens.js';
import { deviceTokens, variableToken, type FlowToken } from './tokens.js';

const DEVICES_URI = 'homey:manager:devices';
const LOGIC_URI = 'homey:manager:logic';

/**
 * Tells subscribers of `homey:manager:flowtoken` when tokens come, change or go, by following the events of their
 * devices and variables. It keeps the tokens it last told of per owner, so that a device update (a capability
 * value, a rename) costs the tokens of that one device and sends only those that changed. Returns the stop.
 */
export function startFlowTokens(hub: HubCore): () => void {
  const told = new Map<string, Map<string, FlowToken>>();
  const tokensOf = (tokens: FlowToken[]) => new Map(tokens.map((token) => [token.id, token]));
  for (const device of hub.store.values('device')) told.set(device.id, tokensOf(deviceTokens(device)));
  for (const variable of hub.store.values('variable')) told.set(variable.id, tokensOf([variableToken(variable)]));

  const follow = (owner: string, now: FlowToken[]) => {
    const before = told.get(owner) ?? new Map<string, FlowToken>();
    const after = tokensOf(now);
    for (const [id, token] of before) if (!after.has(id)) publishToken(hub, 'delete', token);
    for (const [id, token] of after) {
      const previous = before.get(id);
      if (!previous) publishToken(hub, 'create', token);
      else if (!isDeepStrictEqual(previous, token)) publishToken(hub, 'update', token);
    }
    if (after.size) told.set(owner, after);
    else told.delete(owner);
  };

  /** A capability write changes only the values of the device's tokens: those are compared, nothing rebuilt. */
  const followValues = (device: Device, before: Map<string, FlowToken>) => {
    const prefix = `${deviceUri(device)}:`.length;
    for (const [id, token] of before) {
      const value = device.capabilitiesObj[id.slice(prefix)]?.value ?? null;
      if (value === token.value) continue;
      const changed = { ...token, value };
      before.set(id, changed);
      publishToken(hub, 'update', changed);
    }
  };

  return hub.bus.subscribe(({ uri, event, data }) => {
    const { id } = data as { id: string };
    if (uri === DEVICES_URI && event.startsWith('device.')) {
      const device = event === 'device.delete' ? undefined : hub.store.get('device', id);
      const before = told.get(id);
      if (device && before && onlyValuesChanged(device)) followValues(device, before);
      else follow(id, device ? deviceTokens(device) : []);
    } else if (uri === LOGIC_URI && event.startsWith('variable.')) {
      const variable = event === 'variable.delete' ? undefined : hub.store.get('variable', id);
      follow(id, variable ? [variableToken(variable)] : []);
    }
  });
}
