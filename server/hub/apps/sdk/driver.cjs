'use strict';
const { isDeepStrictEqual } = require('node:util');
const host = require('./host.cjs');
const { SimpleClass } = require('./simple-class.cjs');

/** One pairing (repair, unpairing) of a driver, as the hub's pair session runs it: its view's events, and the app's moves of its screen. */
class PairSession {
  /** @param {string} [id] the hub's pair session @param {Array<{ id: string }>} [views] the driver's views of app.json (`pair`, `repair` or `unpair`) */
  constructor(id, views = []) {
    this._id = id;
    this._views = views;
    this._handlers = new Map();
  }

  /** @param {string} event @param {(data: any) => Promise<any>} handler @returns {PairSession} */
  setHandler(event, handler) {
    this._handlers.set(event, handler);
    return this;
  }

  /** Runs the handler of `event` the hub's pair session asks for. */
  _run(event, data) {
    return this._handlers.get(event)?.(data);
  }

  _handles(event) {
    return this._handlers.has(event);
  }

  /** Asks the pairing screen (a question in the session's callbacks); resolves with its answer. @param {string} event @param {any} data @returns {Promise<any>} */
  emit(event, data) {
    return host.request('pair.emit', { sessionId: this._id, event: String(event), data: data === undefined ? null : data });
  }

  _move(action, viewId) {
    return host.request('pair.view', { sessionId: this._id, action, viewId });
  }

  /** @param {string} viewId @returns {Promise<void>} */
  async showView(viewId) {
    if (!this._views.some((view) => view.id === viewId)) throw new Error(`Invalid view: ${viewId} (app.json names the driver's views)`);
    await this._move('showView', String(viewId));
  }

  /** @returns {Promise<void>} */
  async nextView() {
    await this._move('nextView');
  }

  /** @returns {Promise<void>} */
  async prevView() {
    await this._move('prevView');
  }

  /** @returns {Promise<void>} */
  async done() {
    await this._move('done');
  }
}

/** A driver of the app (`drivers/<id>/driver.js` exports a subclass): its devices and its pairing. */
class Driver extends SimpleClass {
  /** @param {any} deviceDataA @param {any} deviceDataB @returns {boolean} */
  static isEqualDeviceData(deviceDataA, deviceDataB) {
    return isDeepStrictEqual(deviceDataA, deviceDataB);
  }

  /** @param {{ id: string, homey: any, manifest: any }} options */
  constructor({ id, homey, manifest }) {
    super();
    /** @type {string} */
    this.id = id;
    /** @type {any} */
    this.homey = homey;
    /** @type {any} */
    this.manifest = manifest;
    /** @type {Map<string, any>} by the hub's device id */
    this._devices = new Map();
    this._ready = new Promise((resolve) => (this._markReady = resolve));
  }

  /** @returns {Promise<void>} */
  ready() {
    return this._ready;
  }

  /** @returns {any[]} */
  getDevices() {
    return [...this._devices.values()];
  }

  /** @param {object} deviceData @returns {any} */
  getDevice(deviceData) {
    const device = this.getDevices().find((candidate) => Driver.isEqualDeviceData(candidate.getData(), deviceData));
    if (!device) throw new Error('Could not get device by device data');
    return device;
  }

  /** The strategy of app.json `discovery` the driver names (its `discovery`). @returns {any} */
  getDiscoveryStrategy() {
    if (!this.manifest.discovery) throw new Error(`Driver ${this.id} has no discovery strategy in app.json`);
    return this.homey.discovery.getStrategy(this.manifest.discovery);
  }

  /** @returns {Promise<void>} */
  async onInit() {}

  /** @returns {Promise<void>} */
  async onUninit() {}

  /** @param {PairSession} _session @returns {Promise<void>} */
  async onPair(_session) {}

  /** @param {PairSession} _session @param {any} _device @returns {Promise<void>} */
  async onRepair(_session, _device) {}

  /** @param {PairSession} _session @param {any} _device @returns {Promise<void>} */
  async onUnpair(_session, _device) {}

  /** @returns {Promise<any[]>} */
  async onPairListDevices() {
    return [];
  }
}

module.exports = { Driver, PairSession };
