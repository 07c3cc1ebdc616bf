import { createHash, randomUUID } from 'node:crypto';
import { notFound } from '../../http/errors.js';
import { count, metric } from '../../http/metrics.js';
import type { Hub } from '../core/context.js';
import { setDeviceCapability } from '../devices/control.js';
import { deviceUri, onCapabilityChanged, onlyValuesChanged, type Device, type DeviceCapability } from '../devices/device.js';
import { isGroup } from '../devices/group-values.js';
import { setGroupCapability } from '../devices/groups.js';
import { stateTitles, type CapabilityValue } from '../drivers/capabilities.js';
import { action, condition } from './card-args.js';
import type { Card, CardKey, CardProvider, TriggerCard } from './cards.js';
import type { ArgSpec, TokenSpec } from '../../common/app-package/manifest.js';

/** The device as it is now (a card may run long after it was listed), or a 404. */
const current = (hub: Hub, id: string): Device => {
  const device = hub.store.get('device', id);
  if (!device) throw notFound('Device');
  return device;
};

/** Sets a capability through the devices domain, so that events go out and groups follow. */
function setCapability(hub: Hub, deviceId: string, capabilityId: string, value: unknown): void {
  const device = current(hub, deviceId);
  const set = isGroup(device) ? setGroupCapability : setDeviceCapability;
  set(hub, device, capabilityId, value, randomUUID());
}

const valueOf = (hub: Hub, deviceId: string, capabilityId: string): CapabilityValue =>
  current(hub, deviceId).capabilitiesObj[capabilityId]?.value ?? null;

const tokenType = (entry: DeviceCapability): TokenSpec['type'] =>
  entry.type === 'number' ? 'number' : entry.type === 'boolean' ? 'boolean' : 'string';

/** The arg a `<cap>_set` action or a number condition takes, shaped by the capability. */
function valueArg(entry: DeviceCapability): ArgSpec {
  const bounds = { ...(entry.min !== null ? { min: entry.min } : {}), ...(entry.max !== null ? { max: entry.max } : {}), ...(entry.step ? { step: entry.step } : {}) };
  if (entry.type === 'number') return { name: 'value', type: 'number', title: entry.units ? `Value (${entry.units})` : 'Value', ...bounds };
  if (entry.type === 'boolean') return { name: 'value', type: 'checkbox', title: entry.title };
  if (entry.type === 'enum') return { name: 'value', type: 'dropdown', title: entry.title, values: (entry.values ?? []).map(({ id, title }) => ({ id, title })) };
  return { name: 'value', type: 'text', title: entry.title };
}

function capabilityCards(device: Device, capabilityId: string, entry: DeviceCapability): Card[] {
  const ownerUri = deviceUri(device);
  const id = (local: string) => `${ownerUri}:${local}`;
  const base = { ownerUri, args: [] as ArgSpec[] };
  const cards: Card[] = [];
  const titles = stateTitles(capabilityId, device.ownerUri);
  const stateTitle = (value: boolean) => (value ? titles.titleTrue : titles.titleFalse) ?? `${entry.title}: ${value ? 'yes' : 'no'}`;
  // A key (homey-lib's button, volume_up ...: a boolean set but not read) is pressed (true) and released (false, the
  // hub's button at once, a remote's keys by their drivers): each press triggers flows as a state's change would.
  const heard = entry.getable !== false || (entry.type === 'boolean' && entry.setable);
  if (heard) {
    const triggerBase = { ...base, tokens: [{ id: 'value', title: entry.title, type: tokenType(entry) }] };
    cards.push({ ...triggerBase, type: 'trigger', id: id(`${capabilityId}_changed`), title: `${entry.title} changed`, hint: `When ${device.name}'s ${entry.title.toLowerCase()} changes.` });
    if (entry.type === 'boolean') {
      for (const value of [true, false]) {
        const trigger: TriggerCard = { ...triggerBase, type: 'trigger', id: id(`${capabilityId}_${value}`), title: stateTitle(value) };
        cards.push(trigger);
      }
      cards.push(condition({ ...base, id: id(`${capabilityId}_is`), title: `Is ${stateTitle(true).toLowerCase()}`, hint: 'Invert the card for the opposite.' },
        (_args, hub) => valueOf(hub, device.id, capabilityId) === true));
    }
    if (entry.type === 'number') {
      for (const [local, word, compare] of [['greater_than', 'above', (a: number, b: number) => a > b], ['less_than', 'below', (a: number, b: number) => a < b]] as const) {
        cards.push(condition({ ...base, id: id(`${capabilityId}_${local}`), title: `${entry.title} is ${word} a value`, titleFormatted: `${entry.title} is ${word} [[value]]`, args: [valueArg(entry)] },
          ({ value }, hub) => {
            const now = valueOf(hub, device.id, capabilityId);
            return typeof now === 'number' && compare(now, value as number);
          }));
      }
    }
  }
  if (entry.setable) {
    if (capabilityId === 'onoff') {
      // With a duration, the device goes back to how it was before the card ran.
      const switchTo = (next: (before: boolean) => boolean) => (_args: unknown, hub: Hub) => {
        const before = valueOf(hub, device.id, 'onoff') === true;
        setCapability(hub, device.id, 'onoff', next(before));
        return { undo: () => setCapability(hub, device.id, 'onoff', before) };
      };
      cards.push(action({ ...base, id: id('on'), title: 'Turn on', duration: true }, switchTo(() => true)));
      cards.push(action({ ...base, id: id('off'), title: 'Turn off', duration: true }, switchTo(() => false)));
      cards.push(action({ ...base, id: id('toggle'), title: 'Toggle on or off', duration: true }, switchTo((before) => !before)));
    } else {
      cards.push(action({ ...base, id: id(`${capabilityId}_set`), title: `Set ${entry.title.toLowerCase()}`, titleFormatted: `Set ${entry.title.toLowerCase()} to [[value]]`, args: [valueArg(entry)] },
        ({ value }, hub) => setCapability(hub, device.id, capabilityId, value)));
    }
  }
  return cards;
}

/** How many device cards were built, for the tests that guard that the cost of a change does not grow with the home. */
export const deviceCardsBuilt = metric('flow.device-cards-built');

/** Every card of one device: per capability, its triggers, conditions and (setable ones) actions. */
export function deviceCards(device: Device): Card[] {
  const cards = device.capabilities.flatMap((capabilityId) => {
    const entry = device.capabilitiesObj[capabilityId];
    return entry ? capabilityCards(device, capabilityId, entry) : [];
  });
  count(deviceCardsBuilt, cards.length);
  return cards;
}

/** onoff's actions, the only device cards whose local id does not start with `<capabilityId>_`. */
const ONOFF_ACTIONS = new Set(['on', 'off', 'toggle']);

/**
 * One card of a device by id, built from the capabilities its local id can name (`<capabilityId>_...`, onoff's
 * actions) instead of from every capability: each trigger, condition and action of a flow run asks for one.
 */
function capabilityCard(device: Device, id: string): Card | undefined {
  const local = id.slice(deviceUri(device).length + 1);
  for (const capabilityId of device.capabilities) {
    const entry = device.capabilitiesObj[capabilityId];
    if (!entry || !(local.startsWith(`${capabilityId}_`) || (capabilityId === 'onoff' && ONOFF_ACTIONS.has(local)))) continue;
    const cards = capabilityCards(device, capabilityId, entry);
    count(deviceCardsBuilt, cards.length);
    const card = cards.find((candidate) => candidate.id === id);
    if (card) return card;
  }
  return undefined;
}

/** A device's capabilities without their values (which change often): with its id, what its cards' ids and types follow from. */
const capabilitiesShape = (device: Device): string =>
  JSON.stringify([device.capabilities, device.capabilities.map((id) => ({ ...device.capabilitiesObj[id], value: null, lastUpdated: null }))]);

/** What a device's cards are made of (its name, its capabilities' shape), hashed. */
const cardsShape = (device: Device, capabilities = capabilitiesShape(device)): string =>
  createHash('sha1').update(JSON.stringify(device.name)).update(capabilities).digest('base64');

/**
 * The home's devices as the registry indexes them at start: their cards' ids and types, built once per shape of
 * capabilities (the devices of one driver share it), not per device: a 3,000-device home starts in a fraction.
 */
function presentDevices(hub: Hub, shapes: Map<string, string>, present: (ownerUri: string, cards: readonly CardKey[]) => void): void {
  const localsByShape = new Map<string, ReadonlyArray<readonly [CardKey['type'], string]>>();
  for (const device of hub.store.values('device')) {
    const capabilities = capabilitiesShape(device);
    shapes.set(device.id, cardsShape(device, capabilities));
    const ownerUri = deviceUri(device);
    let locals = localsByShape.get(capabilities);
    if (!locals) localsByShape.set(capabilities, (locals = deviceCards(device).map((card) => [card.type, card.id.slice(ownerUri.length + 1)] as const)));
    present(ownerUri, locals.map(([type, local]) => ({ type, id: `${ownerUri}:${local}` })));
  }
}

/**
 * The devices' cards, indexed by the registry and built again for a device only when its name or capabilities
 * change (a capability value, the most frequent `device.update`, changes none) or when one of them is asked for by
 * id (`card`, from the device alone); their triggers fire on every changed capability value.
 */
export const deviceCardProvider: CardProvider = {
  cards: (hub) => hub.store.values('device').flatMap(deviceCards),
  card: (hub, id) => {
    const [prefix, kind, deviceId] = id.split(':');
    const device = prefix === 'homey' && kind === 'device' && deviceId ? hub.store.get('device', deviceId) : undefined;
    return device ? capabilityCard(device, id) : undefined;
  },
  follow(hub, changed, present) {
    const shapes = new Map<string, string>();
    presentDevices(hub, shapes, present);
    return hub.bus.subscribe(({ uri, event, data }) => {
      if (uri !== 'homey:manager:devices' || !event.startsWith('device.')) return;
      const { id } = data as { id: string };
      const device = event === 'device.delete' ? undefined : hub.store.get('device', id);
      if (!device) {
        if (shapes.delete(id)) changed(deviceUri({ id }), []);
        return;
      }
      if (onlyValuesChanged(device) && shapes.has(id)) return;
      const shape = cardsShape(device);
      if (shapes.get(id) === shape) return;
      shapes.set(id, shape);
      changed(deviceUri(device), deviceCards(device));
    });
  },
  listen: (hub, fire) =>
    onCapabilityChanged(hub, ({ device, capabilityId, value, previous }) => {
      if (value === previous) return;
      const id = (local: string) => `${deviceUri(device)}:${local}`;
      fire({ cardId: id(`${capabilityId}_changed`), tokens: { value }, state: { value } });
      if (typeof value === 'boolean') fire({ cardId: id(`${capabilityId}_${value}`), tokens: { value }, state: { value } });
    }),
};
