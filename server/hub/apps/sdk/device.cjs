'use strict';
const host = require('./host.cjs');
const { SimpleClass } = require('./simple-class.cjs');

/** How long registerMultipleCapabilityListener gathers values before it calls its listener, unless told. */
const MULTIPLE_LISTENER_MS = 250;

/**
 * A device of the app's driver. The hub keeps the device (its values, settings, store, availability); this object
 * holds the app's copy and tells the hub each change (host request `device.update`, message `setCapability`).
 */
class Device extends SimpleClass {
  /** @param {{ homey: any, driver: any, state: any }} options */
  constructor({ homey, driver, state }) {
    super();
    /** @type {any} */
    this.homey = homey;
    /** @type {any} */
    this.driver = driver;
    this._state = state;
    this._listeners = new Map();
    this._multiple = [];
    this._ready = new Promise((resolve) => (this._markReady = resolve));
  }

  /** @returns {string} */
  getAppId() {
    return this.homey.manifest.id;
  }

  /** @returns {Promise<void>} */
  ready() {
    return this._ready;
  }

  _update(changes) {
    Object.assign(this._state, changes);
    return host.request('device.update', { deviceId: this._state.id, changes });
  }

  /** @returns {any} */
  getState() {
    return { ...this._state.values };
  }

  /** @returns {any} */
  getData() {
    return this._state.data;
  }

  /** A warning shown with the device (its `warningMessage`) while it still works. @param {string | null} [message] @returns {Promise<any>} */
  async setWarning(message = null) {
    await this._update({ warningMessage: message === null ? null : String(message) });
  }

  /** @returns {Promise<any>} */
  async unsetWarning() {
    await this._update({ warningMessage: null });
  }

  /** @returns {boolean} */
  getAvailable() {
    return this._state.available;
  }

  /** @returns {Promise<any>} */
  async setAvailable() {
    await this._update({ available: true, unavailableMessage: null });
  }

  /** @param {string | null} [message] @returns {Promise<any>} */
  async setUnavailable(message = null) {
    await this._update({ available: false, unavailableMessage: message });
  }

  /** @param {string} key @returns {any} */
  getSetting(key) {
    return this._state.settings[key] ?? null;
  }

  /** @returns {any} */
  getSettings() {
    return { ...this._state.settings };
  }

  /** @param {any} settings @returns {Promise<void>} */
  async setSettings(settings) {
    await this._update({ settings: { ...this._state.settings, ...settings } });
  }

  /** @returns {string[]} */
  getCapabilities() {
    return [...this._state.capabilities];
  }

  /** @param {string} capabilityId @returns {boolean} */
  hasCapability(capabilityId) {
    return this._state.capabilities.includes(capabilityId);
  }

  /** @param {string} capabilityId @returns {Promise<void>} */
  async addCapability(capabilityId) {
    if (this.hasCapability(capabilityId)) return;
    await host.request('device.addCapability', { deviceId: this._state.id, capabilityId });
    this._state.capabilities.push(capabilityId);
    this._state.values[capabilityId] = null;
  }

  /** @param {string} capabilityId @returns {Promise<void>} */
  async removeCapability(capabilityId) {
    if (!this.hasCapability(capabilityId)) return;
    await host.request('device.removeCapability', { deviceId: this._state.id, capabilityId });
    this._state.capabilities = this._state.capabilities.filter((id) => id !== capabilityId);
    delete this._state.values[capabilityId];
  }

  /** @returns {string} */
  getName() {
    return this._state.name;
  }

  /** @returns {string} */
  getClass() {
    return this._state.class;
  }

  /** @param {string} deviceClass @returns {Promise<void>} */
  async setClass(deviceClass) {
    await this._update({ class: deviceClass });
  }

  /** @returns {any} */
  getEnergy() {
    return this._state.energy ?? {};
  }

  /** @param {object} energy @returns {Promise<void>} */
  async setEnergy(energy) {
    await this._update({ energy });
  }

  /** @param {string} capabilityId @returns {any} */
  getCapabilityValue(capabilityId) {
    if (!this.hasCapability(capabilityId)) throw new Error(`Invalid Capability: ${capabilityId}`);
    return this._state.values[capabilityId] ?? null;
  }

  /** @param {string} capabilityId @param {any} value @returns {Promise<void>} */
  async setCapabilityValue(capabilityId, value) {
    if (!this.hasCapability(capabilityId)) throw new Error(`Invalid Capability: ${capabilityId}`);
    this._state.values[capabilityId] = value;
    await host.request('device.setCapability', { deviceId: this._state.id, capabilityId, value });
  }

  /** @param {string} capabilityId @returns {any} */
  getCapabilityOptions(capabilityId) {
    return { ...(this._state.capabilitiesOptions[capabilityId] ?? {}) };
  }

  /** @param {string} capabilityId @param {object} options @returns {Promise<void>} */
  async setCapabilityOptions(capabilityId, options) {
    await this._update({ capabilitiesOptions: { ...this._state.capabilitiesOptions, [capabilityId]: options } });
  }

  /** @param {string} capabilityId @param {(value: any, opts: any) => any} listener @returns {void} */
  registerCapabilityListener(capabilityId, listener) {
    if (!this.hasCapability(capabilityId)) throw new Error(`Invalid Capability: ${capabilityId}`);
    this._listeners.set(capabilityId, listener);
  }

  /**
   * Values set within `timeout` ms of each other reach `listener` together (a dim and a light_hue at once).
   * @param {string[]} capabilityIds @param {(values: any, options: any) => any} listener @param {number} [timeout]
   * @returns {void}
   */
  registerMultipleCapabilityListener(capabilityIds, listener, timeout = MULTIPLE_LISTENER_MS) {
    this._multiple.push({ capabilityIds, listener, timeout, values: {}, options: {}, timer: undefined });
  }

  /** Runs the app's listener of a capability the user set, as the hub does. @returns {Promise<any>} */
  async triggerCapabilityListener(capabilityId, value, opts = {}) {
    this._state.values[capabilityId] = value;
    const single = this._listeners.get(capabilityId);
    if (single) return single(value, opts);
    const multiple = this._multiple.find((entry) => entry.capabilityIds.includes(capabilityId));
    if (!multiple) throw new Error(`No capability listener for ${capabilityId}`);
    multiple.values[capabilityId] = value;
    multiple.options[capabilityId] = opts;
    clearTimeout(multiple.timer);
    return new Promise((resolve, reject) => {
      multiple.timer = setTimeout(() => {
        const { values, options } = multiple;
        multiple.values = {};
        multiple.options = {};
        Promise.resolve().then(() => multiple.listener(values, options)).then(resolve, reject);
      }, multiple.timeout);
    });
  }

  /** @returns {any} */
  getStore() {
    return { ...this._state.store };
  }

  /** @returns {string[]} */
  getStoreKeys() {
    return Object.keys(this._state.store);
  }

  /** @param {string} key @returns {any} */
  getStoreValue(key) {
    return this._state.store[key] ?? null;
  }

  /** @param {string} key @param {any} value @returns {Promise<void>} */
  async setStoreValue(key, value) {
    await this._update({ store: { ...this._state.store, [key]: value } });
  }

  /** @param {string} key @returns {Promise<void>} */
  async unsetStoreValue(key) {
    const { [key]: _gone, ...store } = this._state.store;
    await this._update({ store });
  }

  /** The album art of a speaker (an Image of the app's homey.images). @param {any} image @returns {Promise<any>} */
  setAlbumArtImage(image) {
    return host.request('device.setImage', { deviceId: this._state.id, type: 'media', id: 'albumart', imageId: image?.id });
  }

  /** A camera picture of the device, by the app's camera id. @param {string} id @param {string} title @param {any} image @returns {Promise<any>} */
  setCameraImage(id, title, image) {
    return host.request('device.setImage', { deviceId: this._state.id, type: 'camera', id: String(id), title: String(title), imageId: image?.id });
  }

  /** @returns {void} */
  destroy() {
    for (const entry of this._multiple) clearTimeout(entry.timer);
    this.removeAllListeners();
  }

  /** @returns {Promise<string | void>} */
  async onSettings() {}

  /** @param {string} _name @returns {void} */
  onRenamed(_name) {}

  /** @returns {void} */
  onDeleted() {}

  /** @returns {void} */
  onAdded() {}

  /** @returns {Promise<void>} */
  async onInit() {}

  /** @returns {Promise<void>} */
  async onUninit() {}

  /** @returns {boolean} */
  onDiscoveryResult() {
    return false;
  }

  /** @returns {void} */
  onDiscoveryAvailable() {}

  /** @returns {void} */
  onDiscoveryAddressChanged() {}

  /** @returns {void} */
  onDiscoveryLastSeenChanged() {}
}

module.exports = { Device };
