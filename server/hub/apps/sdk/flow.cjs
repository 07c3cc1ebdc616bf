'use strict';
const host = require('./host.cjs');
const { Image } = require('./records.cjs');
const { SimpleClass, Manager } = require('./simple-class.cjs');

/**
 * The hub's app card provider (apps/cards.ts) runs a card by the run listener kept here under `<type>:<id>`, and
 * asks an autocomplete arg under `<type>:<id>:<arg>`; a `device` arg arrives as `{ id, name }` and reaches the app as
 * its Device.
 */
const runListeners = new Map();
const autocompleteListeners = new Map();
/** The hub's device id → the app's Device (start.cjs keeps it). */
let deviceById = () => undefined;

const withDevices = (args) => {
  if (!args || typeof args !== 'object') return args;
  const out = { ...args };
  for (const [name, value] of Object.entries(out)) {
    const device = value && typeof value === 'object' && typeof value.id === 'string' ? deviceById(value.id) : undefined;
    if (device) out[name] = device;
  }
  return out;
};

/** A dropped image token arrives as the hub image's id; a card that takes images gets it as an Image to read. */
const withDroppedImage = (args, takesImages) =>
  takesImages && typeof args?.droptoken === 'string' ? { ...args, droptoken: Image.ofHub(args.droptoken) } : args;

/** What the hub keeps of a token's value: an Image by its id (an image token's value), others as they are. */
const tokenValueOf = (value) => (value instanceof Image ? value.id : value);

class FlowArgument extends SimpleClass {
  constructor(card, name) {
    super();
    this._card = card;
    this.name = name;
  }

  /** @param {(query: string, args: any) => any} listener @returns {FlowArgument} */
  registerAutocompleteListener(listener) {
    autocompleteListeners.set(`${this._card.type}:${this._card.id}:${this.name}`, listener);
    return this;
  }
}

class FlowCard extends SimpleClass {
  /** @param {{ id: string, type: 'trigger' | 'condition' | 'action', manifest: any }} options */
  constructor({ id, type, manifest }) {
    super();
    /** @type {string} */
    this.id = id;
    /** @type {'trigger' | 'condition' | 'action'} */
    this.type = type;
    /** @type {any} */
    this.manifest = manifest;
  }

  /** @param {string} name @param {(query: string, args: any) => any} listener @returns {FlowCard} */
  registerArgumentAutocompleteListener(name, listener) {
    this.getArgument(name).registerAutocompleteListener(listener);
    return this;
  }

  /** @param {string} name @returns {FlowArgument} */
  getArgument(name) {
    if (!(this.manifest.args ?? []).some((arg) => arg.name === name)) throw new Error(`Invalid Flow Card Argument: ${name}`);
    return new FlowArgument(this, name);
  }

  /** @param {(args: any, state: any) => any} listener @returns {FlowCard} */
  registerRunListener(listener) {
    const takesImages = (this.manifest.droptoken ?? []).includes('image');
    runListeners.set(`${this.type}:${this.id}`, (args, state) => listener(withDroppedImage(withDevices(args), takesImages), state));
    return this;
  }

  /** The values its flows gave its args. @returns {Promise<any[]>} */
  async getArgumentValues() {
    const values = await host.request('flow.argumentValues', { cardId: this.id });
    return values.map(withDevices);
  }
}

/**
 * The args of the flows this firing starts, by their JSON, when the trigger has a run listener (which decides, as in
 * Homey, per flow from its args and the firing's state); undefined when every flow of the trigger starts.
 */
async function matchedArgs(card, state, deviceId) {
  const listener = runListeners.get(`trigger:${card.id}`);
  if (!listener) return undefined;
  const values = await host.request('flow.argumentValues', { cardId: card.id, deviceId });
  const matched = [];
  for (const args of values) if (await listener(args, state)) matched.push(JSON.stringify(args));
  return matched;
}

class FlowCardCondition extends FlowCard {}
class FlowCardAction extends FlowCard {}

class FlowCardTrigger extends FlowCard {
  /** @param {object} [tokens] @param {object} [state] @returns {Promise<any>} */
  async trigger(tokens = {}, state = {}) {
    host.post({ type: 'trigger', cardId: this.id, tokens, state, matched: await matchedArgs(this, state) });
  }
}

class FlowCardTriggerDevice extends FlowCard {
  /** Fires the flows whose `device` arg is this device. @param {any} device @param {object} [tokens] @param {object} [state] @returns {Promise<any>} */
  async trigger(device, tokens = {}, state = {}) {
    const deviceId = device._state.id;
    host.post({ type: 'trigger', cardId: this.id, tokens, state, deviceId, matched: await matchedArgs(this, state, deviceId) });
  }

  /** @param {any} device @returns {Promise<any[]>} */
  async getArgumentValues(device) {
    const values = await host.request('flow.argumentValues', { cardId: this.id, deviceId: device._state.id });
    return values.map(withDevices);
  }
}

/** A flow token of the app (`homey:app:<appId>:<id>`), kept by the hub (server/hub/flowtoken/app-tokens.ts). */
class FlowToken {
  constructor(id, opts) {
    /** @type {string} */
    this.id = id;
    /** @type {{ type: string, title: string }} */
    this.opts = opts;
  }

  /** @param {string | number | boolean | Image} value @returns {Promise<any>} */
  async setValue(value) {
    host.post({ type: 'tokenValue', id: this.id, value: tokenValueOf(value) });
  }

  /** @returns {Promise<any>} */
  async unregister() {
    host.post({ type: 'tokenRemove', id: this.id });
  }
}

const CARD_CLASSES = { trigger: FlowCardTrigger, condition: FlowCardCondition, action: FlowCardAction };
const LISTS = { trigger: 'triggers', condition: 'conditions', action: 'actions' };

class ManagerFlow extends Manager {
  constructor(homey) {
    super(homey);
    this._cards = new Map();
    this._tokens = new Map();
  }

  _card(type, id, Class) {
    const key = `${type}:${id}`;
    if (!this._cards.has(key)) {
      const manifest = (this.homey.manifest.flow?.[LISTS[type]] ?? []).find((card) => card.id === id);
      if (!manifest) throw new Error(`Invalid Flow Card ID: ${id}`);
      this._cards.set(key, new Class({ id, type, manifest }));
    }
    return this._cards.get(key);
  }

  /** @param {string} id @returns {FlowCardAction} */
  getActionCard(id) {
    return this._card('action', id, FlowCardAction);
  }

  /** @param {string} id @returns {FlowCardCondition} */
  getConditionCard(id) {
    return this._card('condition', id, FlowCardCondition);
  }

  /** @param {string} id @returns {FlowCardTrigger} */
  getTriggerCard(id) {
    return this._card('trigger', id, CARD_CLASSES.trigger);
  }

  /** @param {string} id @returns {FlowCardTriggerDevice} */
  getDeviceTriggerCard(id) {
    return this._card('trigger', id, FlowCardTriggerDevice);
  }

  /** @param {string} id @param {{ type: string, title: string, value: any }} opts @returns {Promise<FlowToken>} */
  async createToken(id, { type, title, value = null }) {
    host.post({ type: 'token', id, tokenType: type, title, value: tokenValueOf(value) });
    const token = new FlowToken(id, { type, title });
    this._tokens.set(id, token);
    return token;
  }

  /** @param {string} id @returns {FlowToken} */
  getToken(id) {
    const token = this._tokens.get(id);
    if (!token) throw new Error(`Invalid Flow Token ID: ${id}`);
    return token;
  }

  /** @param {FlowToken} tokenInstance @returns {Promise<any>} */
  async unregisterToken(tokenInstance) {
    this._tokens.delete(tokenInstance.id);
    await tokenInstance.unregister();
  }
}

/** Lets card runs find the app's devices by the hub's id. */
const findDevicesWith = (find) => (deviceById = find);

module.exports = {
  FlowArgument, FlowCard, FlowCardTrigger, FlowCardTriggerDevice, FlowCardCondition, FlowCardAction, FlowToken, ManagerFlow,
  runListeners, autocompleteListeners, withDevices, findDevicesWith,
};
