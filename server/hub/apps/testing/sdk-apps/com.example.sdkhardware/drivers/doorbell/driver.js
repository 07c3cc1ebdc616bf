'use strict';

const Homey = require('homey');

module.exports = class DoorbellDriver extends Homey.Driver {
  async onPairListDevices() {
    return [{ name: 'Front door', data: { id: 'front' } }];
  }
};
