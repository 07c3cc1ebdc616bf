'use strict';

const Homey = require('homey');
const Thermometer = require('./thermometer');

module.exports = class RadiosApp extends Homey.App {
  async onInit() {
    this.thermometer = new Thermometer(this.homey);
    this.log('Radios app ready');
  }

  /** The one device of a driver. */
  device(driverId) {
    const [device] = this.homey.drivers.getDriver(driverId).getDevices();
    if (!device) throw new Error(`No ${driverId} paired`);
    return device;
  }

  /** What speech input answers a question on a hub without a microphone. */
  async ask() {
    const asked = await this.homey.speechInput.ask('Which lamp?', {}).then(String, (error) => error.message);
    const confirmed = await this.homey.speechInput.confirm('Lock the door?', {}).then(String, (error) => error.message);
    return { asked, confirmed };
  }
};
