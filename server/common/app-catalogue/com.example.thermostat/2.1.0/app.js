'use strict';

// Virtual thermostat: a radiator thermostat whose room warms up or cools down to a new target at once.
const Homey = require('homey');

module.exports = class ThermostatApp extends Homey.App {
  async onInit() {
    this.log('Virtual thermostat started');
  }
};
