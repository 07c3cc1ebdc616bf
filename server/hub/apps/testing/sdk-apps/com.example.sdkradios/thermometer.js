'use strict';

/**
 * A BLE thermometer as an app reads one: found by its Environmental Sensing service, connected, its Device Name
 * read and renamed, its battery and temperature read, and both followed by notifications until it disconnects.
 */
module.exports = class Thermometer {
  constructor(homey) {
    this.homey = homey;
    this.notifications = [];
    this.disconnects = 0;
  }

  async connect() {
    const [advertisement] = await this.homey.ble.discover(['181a']);
    this.peripheral = await advertisement.connect();
    this.peripheral.on('disconnect', () => {
      this.disconnects += 1;
    });
    const services = await this.peripheral.discoverAllServicesAndCharacteristics();
    const name = (await this.peripheral.read('1800', '2a00')).toString();
    await this.peripheral.write('1800', '2a00', Buffer.from('Kitchen thermometer'));
    const renamed = (await this.peripheral.read('1800', '2a00')).toString();
    const battery = await this.peripheral.getService('0000180f-0000-1000-8000-00805f9b34fb');
    const level = (await battery.read('2a19'))[0];
    const temperature = await (await this.peripheral.getService('181a')).getCharacteristic('2a6e');
    const celsius = (await temperature.read()).readInt16LE(0) / 100;
    await temperature.subscribeToNotifications((data) => this.notifications.push({ temperature: data.readInt16LE(0) / 100 }));
    const levelCharacteristic = await battery.getCharacteristic('2a19');
    await levelCharacteristic.subscribeToNotifications((data) => this.notifications.push({ battery: data[0] }));
    const [configuration] = await temperature.discoverDescriptors();
    const notifying = [...(await configuration.readValue())];
    return {
      connectable: advertisement.connectable,
      services: services.map((service) => `${service.uuid} ${service.name}: ${service.characteristics.map((c) => `${c.uuid} ${c.properties.join('/')}`).join(', ')}`),
      name, renamed, level, celsius, notifying, rssi: await this.peripheral.updateRssi(),
      sameWhenConnectedAgain: (await advertisement.connect()) === this.peripheral,
    };
  }

  describe() {
    return { connected: this.peripheral?.isConnected ?? false, notifications: this.notifications, disconnects: this.disconnects };
  }

  /** What the app gets from a beacon: connect refuses. */
  async beacon(address) {
    const advertisement = await this.homey.ble.find(address);
    return advertisement.connect().then(() => 'connected', (error) => error.message);
  }
};
