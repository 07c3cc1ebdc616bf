'use strict';
// A connection to a peripheral of the hub's simulated BLE radio: its GATT server's services, characteristics and
// descriptors, read, written and followed through the hub (sdk-bridge/ble.ts, ble/gatt.ts).
const host = require('./host.cjs');
const { SimpleClass } = require('./simple-class.cjs');

/** The app's connected peripherals by address, each told of its notifications and of its disconnection. */
const connected = new Map();

/** A uuid as the hub names it: lower case, 16-bit where it is one of the Bluetooth base uuid's. @param {string} uuid */
const shortUuid = (uuid) => {
  const lower = String(uuid).toLowerCase().replaceAll('-', '');
  const base = /^0000([0-9a-f]{4})00001000800000805f9b34fb$/.exec(lower);
  return base ? base[1] : lower;
};
const matches = (filter) => (item) => !filter || filter.length === 0 || filter.map(shortUuid).includes(item.uuid);

class BleDescriptor extends SimpleClass {
  /** @param {BleCharacteristic} characteristic @param {{ uuid: string, name: string }} info */
  constructor(characteristic, info) {
    super();
    /** @type {BlePeripheral} */
    this.peripheral = characteristic.peripheral;
    /** @type {BleService} */
    this.service = characteristic.service;
    /** @type {BleCharacteristic} */
    this.characteristic = characteristic;
    /** @type {string} */
    this.id = info.uuid;
    /** @type {string} */
    this.uuid = info.uuid;
    /** @type {string} */
    this.name = info.name;
    /** @type {string} */
    this.type = info.name;
    /** @type {Buffer | null} */
    this.value = null;
  }

  /** @param {number[]} [data] @returns {Promise<Buffer>} */
  async _request(data) {
    const { address } = await this.peripheral.assertConnected();
    this.value = Buffer.from(await host.request('ble.descriptor', { address, service: this.service.uuid, characteristic: this.characteristic.uuid, descriptor: this.uuid, data }));
    return this.value;
  }

  /** @returns {Promise<Buffer>} */
  readValue() {
    return this._request();
  }

  /** The Client Characteristic Configuration turns notifications on (1, 0) or off (0, 0). @param {Buffer} data @returns {Promise<Buffer>} */
  writeValue(data) {
    return this._request(Array.from(data));
  }
}

class BleCharacteristic extends SimpleClass {
  /** @param {BleService} service @param {{ uuid: string, name: string, properties: string[], descriptors: any[] }} info */
  constructor(service, info) {
    super();
    this._info = info;
    /** @type {BlePeripheral} */
    this.peripheral = service.peripheral;
    /** @type {BleService} */
    this.service = service;
    /** @type {string} */
    this.id = info.uuid;
    /** @type {string} */
    this.uuid = info.uuid;
    /** @type {string} */
    this.name = info.name;
    /** @type {string} */
    this.type = info.name;
    /** @type {string[]} */
    this.properties = info.properties;
    /** @type {Buffer | null} */
    this.value = null;
    /** @type {BleDescriptor[]} */
    this.descriptors = [];
    /** @type {((data: Buffer) => any) | null} */
    this._callback = null;
  }

  async _args() {
    const { address } = await this.peripheral.assertConnected();
    return { address, service: this.service.uuid, characteristic: this.uuid };
  }

  /** @param {string[]} [descriptorsFilter] @returns {Promise<BleDescriptor[]>} */
  async discoverDescriptors(descriptorsFilter) {
    await this.peripheral.assertConnected();
    this.descriptors = this._info.descriptors.filter(matches(descriptorsFilter)).map((info) => new BleDescriptor(this, info));
    return this.descriptors;
  }

  /** @returns {Promise<Buffer>} */
  async read() {
    this.value = Buffer.from(await host.request('ble.read', await this._args()));
    return this.value;
  }

  /** @param {Buffer} data @returns {Promise<Buffer>} */
  async write(data) {
    this.value = Buffer.from(await host.request('ble.write', { ...(await this._args()), data: Array.from(data) }));
    return this.value;
  }

  /** @param {(data: Buffer) => any} callback @returns {Promise<void>} */
  async subscribeToNotifications(callback) {
    await host.request('ble.subscribe', await this._args());
    this._callback = callback;
  }

  /** @returns {Promise<void>} */
  async unsubscribeFromNotifications() {
    await host.request('ble.unsubscribe', await this._args());
    this._callback = null;
  }
}

class BleService extends SimpleClass {
  /** @param {BlePeripheral} peripheral @param {{ uuid: string, name: string, characteristics: any[] }} info */
  constructor(peripheral, info) {
    super();
    this._info = info;
    /** @type {BlePeripheral} */
    this.peripheral = peripheral;
    /** @type {string} */
    this.id = info.uuid;
    /** @type {string} */
    this.uuid = info.uuid;
    /** @type {string} */
    this.name = info.name;
    /** @type {string} */
    this.type = info.name;
    /** @type {BleCharacteristic[]} */
    this.characteristics = [];
  }

  /** @param {string[]} [characteristicsFilter] @returns {Promise<BleCharacteristic[]>} */
  async discoverCharacteristics(characteristicsFilter) {
    await this.peripheral.assertConnected();
    const known = new Map(this.characteristics.map((characteristic) => [characteristic.uuid, characteristic]));
    this.characteristics = this._info.characteristics.filter(matches(characteristicsFilter)).map((info) => known.get(info.uuid) ?? new BleCharacteristic(this, info));
    return this.characteristics;
  }

  /** @param {string} uuid @returns {Promise<BleCharacteristic>} */
  async getCharacteristic(uuid) {
    if (this.characteristics.length === 0) await this.discoverCharacteristics();
    const found = this.characteristics.find((characteristic) => characteristic.uuid === shortUuid(uuid));
    if (!found) throw new Error(`BLE characteristic ${uuid} not found in service ${this.uuid}`);
    return found;
  }

  /** @param {string} characteristicUuid @returns {Promise<Buffer>} */
  async read(characteristicUuid) {
    return (await this.getCharacteristic(characteristicUuid)).read();
  }

  /** @param {string} characteristicUuid @param {Buffer} data @returns {Promise<Buffer>} */
  async write(characteristicUuid, data) {
    return (await this.getCharacteristic(characteristicUuid)).write(data);
  }
}

/** A peripheral the app connected to (BleAdvertisement.connect); 'disconnect' when it goes or the app disconnects. */
class BlePeripheral extends SimpleClass {
  /** @param {any} advertisement the BleAdvertisement it was found by */
  constructor(advertisement) {
    super();
    /** @type {any} */
    this.advertisement = advertisement;
    /** @type {string} */
    this.id = advertisement.id;
    /** @type {string} */
    this.uuid = advertisement.uuid;
    /** @type {string | undefined} */
    this.address = advertisement.address;
    /** @type {string | undefined} */
    this.addressType = advertisement.addressType;
    /** @type {boolean | undefined} */
    this.connectable = advertisement.connectable;
    /** @type {number | undefined} */
    this.rssi = advertisement.rssi;
    /** @type {string | undefined} */
    this.state = 'disconnected';
    /** @type {BleService[]} */
    this.services = [];
  }

  /** @returns {boolean} */
  get isConnected() {
    return this.state === 'connected';
  }

  /** @returns {Promise<this>} */
  async connect() {
    if (this.isConnected) return this;
    const { rssi } = await host.request('ble.connect', { address: this.address });
    this.rssi = rssi;
    this.state = 'connected';
    connected.set(this.address, this);
    return this;
  }

  /** @returns {Promise<BlePeripheral>} */
  async assertConnected() {
    if (!this.isConnected) throw new Error(`BLE peripheral ${this.address} is not connected`);
    return this;
  }

  /** @returns {Promise<void>} */
  async disconnect() {
    if (!this.isConnected) return;
    await host.request('ble.disconnect', { address: this.address });
    this._disconnected();
  }

  _disconnected() {
    this.state = 'disconnected';
    connected.delete(this.address);
    this.emit('disconnect');
  }

  /** The signal strength now (dBm). @returns {Promise<any>} */
  async updateRssi() {
    this.rssi = await host.request('ble.rssi', { address: (await this.assertConnected()).address });
    return this.rssi;
  }

  /** @param {string[]} [servicesFilter] @returns {Promise<BleService[]>} */
  async discoverServices(servicesFilter) {
    const { address } = await this.assertConnected();
    const known = new Map(this.services.map((service) => [service.uuid, service]));
    const found = await host.request('ble.services', { address });
    this.services = found.filter(matches(servicesFilter)).map((info) => known.get(info.uuid) ?? new BleService(this, info));
    return this.services;
  }

  /** @returns {Promise<BleService[]>} */
  async discoverAllServicesAndCharacteristics() {
    const services = await this.discoverServices();
    for (const service of services) await service.discoverCharacteristics();
    return services;
  }

  /** @param {string} uuid @returns {Promise<BleService>} */
  async getService(uuid) {
    if (this.services.length === 0) await this.discoverServices();
    const found = this.services.find((service) => service.uuid === shortUuid(uuid));
    if (!found) throw new Error(`BLE service ${uuid} not found on peripheral ${this.address}`);
    return found;
  }

  /** @param {string} serviceUuid @param {string} characteristicUuid @returns {Promise<Buffer>} */
  async read(serviceUuid, characteristicUuid) {
    return (await this.getService(serviceUuid)).read(characteristicUuid);
  }

  /** @param {string} serviceUuid @param {string} characteristicUuid @param {Buffer} data @returns {Promise<Buffer>} */
  async write(serviceUuid, characteristicUuid, data) {
    return (await this.getService(serviceUuid)).write(characteristicUuid, data);
  }
}

/** The app's connection to an advertised peripheral: the one it holds, else a new one. @param {any} advertisement */
const connectTo = (advertisement) => connected.get(advertisement.address)?.connect() ?? new BlePeripheral(advertisement).connect();

host.handle('ble.notification', ({ address, service, characteristic, data }) => {
  const subscribed = connected.get(address)?.services.find((candidate) => candidate.uuid === service)?.characteristics.find((candidate) => candidate.uuid === characteristic);
  if (!subscribed?._callback) return;
  subscribed.value = Buffer.from(data);
  Promise.resolve()
    .then(() => subscribed._callback(subscribed.value))
    .catch((error) => subscribed.error('A BLE notification callback failed:', error));
});

host.handle('ble.disconnect', ({ address }) => connected.get(address)?._disconnected());

module.exports = { BlePeripheral, BleService, BleCharacteristic, BleDescriptor, connectTo };
