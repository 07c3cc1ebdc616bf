'use strict';
const { isDeepStrictEqual } = require('node:util');
const { SimpleClass, unavailable } = require('./simple-class.cjs');

/** One pairing of a driver, as the hub's pair session (server/hub/drivers/pairing.ts) runs it. */
class PairSession {
  constructor() {
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

  /** @returns {Promise<any>} */
  async emit() {
    throw unavailable('PairSession.emit (custom pairing views)');
  }

  /** @returns {Promise<void>} */
  async showView() {
    throw unavailable('PairSession.showView (custom pairing views)');
  }

  /** @returns {Promise<void>} */
  async nextView() {
    throw unavailable('PairSession.nextView (custom pairing views)');
  }

  /** @returns {Promise<void>} */
  async prevView() {
    throw unavailable('PairSession.prevView (custom pairing views)');
  }

  /** @returns {Promise<void>} */
  async done() {
    throw unavailable('PairSession.done (custom pairing views)');
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

  /** @returns {any} */
  getDiscoveryStrategy() {
    throw unavailable('Driver.getDiscoveryStrategy (discovery)');
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
