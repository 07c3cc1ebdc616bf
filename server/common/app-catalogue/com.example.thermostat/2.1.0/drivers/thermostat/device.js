'use strict';

const Homey = require('homey');

/** A radiator thermostat: a new target is the room's temperature at once, and the app's trigger fires. */
module.exports = class ThermostatDevice extends Homey.Device {
  async onInit() {
    if (this.getCapabilityValue('target_temperature') === null) await this.setCapabilityValue('target_temperature', 20);
    if (this.getCapabilityValue('measure_temperature') === null) await this.setCapabilityValue('measure_temperature', 19);
    this.registerCapabilityListener('target_temperature', async (target) => {
      this.log(`${this.getName()}: target ${target} °C`);
      await this.setCapabilityValue('measure_temperature', target);
      await this.driver.targetReached.trigger({ temperature: target });
    });
  }
};
