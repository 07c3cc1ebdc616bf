'use strict';

const Homey = require('homey');

module.exports = class Bridge extends Homey.Device {
  onDiscoveryResult(result) {
    return result.id === this.getData().id;
  }

  async onDiscoveryAvailable(result) {
    await this.setStoreValue('address', result.address);
  }

  async onDiscoveryAddressChanged(result) {
    await this.setStoreValue('address', result.address);
  }
};
