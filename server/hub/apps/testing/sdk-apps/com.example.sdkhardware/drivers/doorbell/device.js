'use strict';

const Homey = require('homey');

module.exports = class Doorbell extends Homey.Device {
  onDeleted() {
    this.log(`${this.getName()} deleted`);
  }

  async onUninit() {
    this.log(`${this.getName()} uninitialized`);
  }
};
