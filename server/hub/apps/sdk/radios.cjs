'use strict';
// The managers of the hub's radios and network: 433 MHz, 868 MHz and infrared (the hub's transceiver, simulated),
// BLE (the simulated radio's advertisements; connections in ble.cjs), ARP (the hub's network neighbours) and NFC.
const host = require('./host.cjs');
const { SimpleClass, Manager } = require('./simple-class.cjs');
const { connectTo } = require('./ble.cjs');

/** A signal of app.json `signals.<band>.<id>`: frames of its words sent, and heard while its receiver is on. */
class Signal extends SimpleClass {
  /** @param {{ homey: any, id: string, frequency: string }} options */
  constructor({ homey, id, frequency }) {
    super();
    const definition = homey.manifest.signals?.[frequency]?.[id];
    if (!definition) throw new Error(`Invalid Signal ID: ${id} (app.json signals.${frequency} has no such signal)`);
    this._definition = definition;
    /** @type {string} */
    this.id = id;
    /** @type {string} */
    this.frequency = frequency;
  }

  _args(extra) {
    return { frequency: this.frequency, signalId: this.id, definition: this._definition, ...extra };
  }

  /** Hears the band: each signal heard that decodes by this signal's words is a 'payload' event. @returns {Promise<void>} */
  async enableRX() {
    signalsHeard.set(`${this.frequency}:${this.id}`, this);
    await host.request('rf.enableRX', this._args());
  }

  /** @returns {Promise<void>} */
  async disableRX() {
    signalsHeard.delete(`${this.frequency}:${this.id}`);
    await host.request('rf.disableRX', this._args());
  }

  /** @param {number[]} frame its words by index @param {{ repetitions?: object }} [opts] @returns {Promise<any>} */
  tx(frame, opts = {}) {
    return host.request('rf.tx', this._args({ frame: Array.from(frame), repetitions: opts.repetitions }));
  }

  /** @param {string} commandId one of its `cmds` @param {{ repetitions?: object }} [opts] @returns {Promise<any>} */
  cmd(commandId, opts = {}) {
    return host.request('rf.cmd', this._args({ commandId: String(commandId), repetitions: opts.repetitions }));
  }
}

class Signal433 extends Signal {}
class Signal868 extends Signal {}
class SignalInfrared extends Signal {}

/** The signals whose receivers are on, by `<band>:<id>`. */
const signalsHeard = new Map();
host.handle('rf.payload', ({ frequency, signalId, payload }) => {
  signalsHeard.get(`${frequency}:${signalId}`)?.emit('payload', payload, true);
});

class ManagerRF extends Manager {
  /** @param {Signal} signal @param {number[] | Buffer} frame @param {{ repetitions: number }} [opts] @returns {Promise<any>} */
  tx(signal, frame, opts) {
    return signal.tx(Array.from(frame), opts);
  }

  /** @param {Signal} signal @param {string} commandId @param {{ repetitions: number }} [opts] @returns {Promise<any>} */
  cmd(signal, commandId, opts) {
    return signal.cmd(commandId, opts);
  }

  /** @param {string} id @returns {Signal433} */
  getSignal433(id) {
    return new Signal433({ homey: this.homey, id, frequency: '433' });
  }

  /** @param {string} id @returns {Signal868} */
  getSignal868(id) {
    return new Signal868({ homey: this.homey, id, frequency: '868' });
  }

  /** @param {string} id @returns {SignalInfrared} */
  getSignalInfrared(id) {
    return new SignalInfrared({ homey: this.homey, id, frequency: 'ir' });
  }

  /** @param {any} signal a Signal of this app @returns {Promise<any>} the same signal */
  async enableSignalRX(signal) {
    await signal.enableRX();
    return signal;
  }

  /** @param {Signal} signal @returns {Promise<void>} */
  disableSignalRX(signal) {
    return signal.disableRX();
  }
}

/** A peripheral the hub's BLE radio heard advertise. */
class BleAdvertisement extends SimpleClass {
  /** @param {any} advertisement */
  constructor(advertisement) {
    super();
    /** @type {string} */
    this.id = advertisement.id;
    /** @type {string} */
    this.uuid = advertisement.uuid;
    /** @type {string} */
    this.address = advertisement.address;
    /** @type {string} */
    this.addressType = advertisement.addressType;
    /** @type {boolean} */
    this.connectable = advertisement.connectable;
    /** @type {string} */
    this.localName = advertisement.localName;
    /** @type {Buffer} */
    this.manufacturerData = Buffer.alloc(0);
    /** @type {Array<{ uuid: string, data: Buffer }>} */
    this.serviceData = [];
    /** @type {string[]} */
    this.serviceUuids = advertisement.serviceUuids;
    /** @type {number} */
    this.rssi = advertisement.rssi;
  }

  /** A peripheral with a GATT server connects (once: connecting again gives the same BlePeripheral); one that only advertises (a beacon) refuses. @returns {Promise<import('./ble.cjs').BlePeripheral>} */
  async connect() {
    return connectTo(this);
  }
}

class ManagerBLE extends Manager {
  /** @param {string[]} [serviceFilter] service uuids, any of which a peripheral advertises @returns {Promise<BleAdvertisement[]>} */
  async discover(serviceFilter) {
    const found = await host.request('ble.discover', { serviceFilter });
    return found.map((advertisement) => new BleAdvertisement(advertisement));
  }

  /** @param {string} peripheralUuid @returns {Promise<BleAdvertisement>} */
  async find(peripheralUuid) {
    return new BleAdvertisement(await host.request('ble.find', { uuid: String(peripheralUuid) }));
  }
}

class ManagerArp extends Manager {
  /** The MAC address of a device on the hub's network. @param {string} ip @returns {Promise<string>} */
  getMAC(ip) {
    return host.request('arp.getMAC', { ip: String(ip) });
  }
}

/** NFC: the SDK declares no methods; its events (tags the hub reads) the app listens for with on(). */
class ManagerNFC extends Manager {}

module.exports = { Signal, Signal433, Signal868, SignalInfrared, ManagerRF, BleAdvertisement, ManagerBLE, ManagerArp, ManagerNFC };
