'use strict';
const host = require('./host.cjs');
const { SimpleClass, Manager } = require('./simple-class.cjs');
const { ManagerFlow } = require('./flow.cjs');
const { ManagerApi, ManagerApps } = require('./api.cjs');
const managers = require('./managers.cjs');
const media = require('./media.cjs');
const radios = require('./radios.cjs');
const nodes = require('./nodes.cjs');
const records = require('./records.cjs');
const { ManagerDashboards } = require('./dashboards.cjs');
const { ManagerDiscovery } = require('./discovery.cjs');
const { CloudWebhook } = require('./cloud-webhook.cjs');

class ManagerCloud extends Manager {
  /** @param {any} homey @param {any} cloud the runner's OAuth2 sign-ins (worker/runner.js) */
  constructor(homey, cloud) {
    super(homey);
    this._cloud = cloud;
    /** The app's webhooks by id: the hub hands each call of one to it (sdk-bridge.ts followCloudWebhooks). */
    this._webhooks = new Map();
    host.handle('cloud.webhook', ({ id, message }) => this._webhooks.get(id)?.emit('message', message));
  }

  /**
   * Registers the hub with the cloud webhooks service for the webhook `id` (the developer's); its calls whose value
   * at the webhook's keyPath equals that of `data` reach the CloudWebhook. The hub's credential proves the
   * registration: `secret` is kept on the webhook, not sent.
   * @param {string} id @param {string} secret @param {object} data @returns {Promise<CloudWebhook>}
   */
  async createWebhook(id, secret, data) {
    await host.request('cloud.createWebhook', { id, data });
    const webhook = new CloudWebhook(this, { id, secret, data });
    this._webhooks.set(id, webhook);
    return webhook;
  }

  /** @param {CloudWebhook} webhook @returns {Promise<any>} */
  async unregisterWebhook(webhook) {
    await host.request('cloud.unregisterWebhook', { id: webhook.id });
    if (this._webhooks.get(webhook.id) === webhook) this._webhooks.delete(webhook.id);
  }

  /** @returns {Promise<string>} */
  getLocalAddress() {
    return host.request('cloud.localAddress');
  }

  /** @returns {Promise<string>} */
  getHomeyId() {
    return host.request('cloud.homeyId');
  }

  /** An OAuth2 sign-in with a provider; its 'url' and 'code' events tell the app. @param {string} apiUrl */
  createOAuth2Callback(apiUrl) {
    return this._cloud.createOAuth2Callback(apiUrl);
  }
}

/** `this.homey` of an app's classes: the app, its managers and its timers (cleared when the app stops). */
class Homey extends SimpleClass {
  /**
   * @param {{ dir: string, manifest: any, env: any, hub: any, locales: any, settings: any, cloud: any, drivers: Map<string, any> }} options
   */
  constructor({ dir, manifest, env, hub, locales, settings, cloud, drivers }) {
    super();
    /** @type {string} */
    this.dir = dir;
    /** @type {string} */
    this.tmpdir = hub.tmpdir;
    /** @type {string} */
    this.version = hub.version;
    /** @type {any} */
    this.env = env;
    /** @type {any} */
    this.manifest = manifest;
    /** @type {'cloud' | 'local'} */
    this.platform = 'local';
    /** @type {number} */
    this.platformVersion = 2;
    /** @type {any} */
    this.app = undefined;
    this._timers = new Set();
    this._ready = new Promise((resolve) => (this._markReady = resolve));
    this.apps = new ManagerApps(this);
    this.arp = new radios.ManagerArp(this);
    this.audio = new media.ManagerAudio(this);
    this.ble = new radios.ManagerBLE(this);
    this.dashboards = new ManagerDashboards(this);
    this.discovery = new ManagerDiscovery(this);
    this.images = new records.ManagerImages(this);
    this.insights = new records.ManagerInsights(this);
    this.ledring = new media.ManagerLedring(this);
    this.nfc = new radios.ManagerNFC(this);
    this.rf = new radios.ManagerRF(this);
    this.speechOutput = new media.ManagerSpeechOutput(this);
    this.api = new ManagerApi(this, hub.managers);
    this.cloud = new ManagerCloud(this, cloud);
    this.clock = new managers.ManagerClock(this, hub.timezone);
    this.drivers = new managers.ManagerDrivers(this, drivers);
    this.flow = new ManagerFlow(this);
    this.geolocation = new managers.ManagerGeolocation(this, hub.location);
    this.i18n = new managers.ManagerI18n(this, { language: hub.language, units: hub.units, locales });
    this.notifications = new managers.ManagerNotifications(this);
    this.settings = new managers.ManagerSettings(this, settings);
    this.speechInput = new managers.ManagerSpeechInput(this);
    this.zigbee = new nodes.ManagerZigBee(this);
    this.zwave = new nodes.ManagerZwave(this);
  }

  /** Settles once the app's onInit has run. @returns {Promise<any>} */
  ready() {
    return this._ready;
  }

  /** @returns {void} */
  markReady() {
    this._markReady();
  }

  /** @param {string} permission @returns {boolean} */
  hasPermission(permission) {
    return (this.manifest.permissions ?? []).includes(permission);
  }

  /** @param {string | Object} key @param {Object} [tags] @returns {string} */
  __(key, tags) {
    return this.i18n.__(key, tags);
  }

  /** @param {Function} callback @param {number} ms @param {...any} args @returns {NodeJS.Timeout} */
  setTimeout(callback, ms, ...args) {
    const timer = setTimeout(() => {
      this._timers.delete(timer);
      callback(...args);
    }, ms);
    this._timers.add(timer);
    return timer;
  }

  /** @param {any} timeoutId @returns {void} */
  clearTimeout(timeoutId) {
    this._timers.delete(timeoutId);
    clearTimeout(timeoutId);
  }

  /** @param {Function} callback @param {number} ms @param {...any} args @returns {NodeJS.Timeout} */
  setInterval(callback, ms, ...args) {
    const timer = setInterval(callback, ms, ...args);
    this._timers.add(timer);
    return timer;
  }

  /** @param {any} timeoutId @returns {void} */
  clearInterval(timeoutId) {
    this._timers.delete(timeoutId);
    clearInterval(timeoutId);
  }

  /** Tells the app's 'unload' listeners it stops, waiting for what they return (a promise) within the hub's grace. */
  async _unload() {
    await Promise.all(this.listeners('unload').map(async (listener) => {
      try {
        await listener.call(this);
      } catch (error) {
        this.error(error);
      }
    }));
  }

  /** @returns {void} */
  destroy() {
    for (const timer of this._timers) clearTimeout(timer);
    this._timers.clear();
    this.removeAllListeners();
  }
}

module.exports = { Homey, ManagerCloud };
