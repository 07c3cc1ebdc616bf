'use strict';

const Homey = require('homey');

/** Pairs virtual radiator thermostats: the list_devices view offers a new one each time. */
module.exports = class ThermostatDriver extends Homey.Driver {
  async onInit() {
    this.targetReached = this.homey.flow.getTriggerCard('target_reached');
  }

  async onPairListDevices() {
    const number = this.getDevices().length + 1;
    return [{ name: `${this.homey.__('thermostat')} ${number}`, data: { id: `thermostat-${Date.now()}-${number}` } }];
  }
};
