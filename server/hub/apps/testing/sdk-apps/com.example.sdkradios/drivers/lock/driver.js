'use strict';

const Homey = require('homey');

module.exports = class LockDriver extends Homey.Driver {
  async onPairListDevices() {
    return [{ name: 'Lock', data: { id: 'lock' } }];
  }
};
