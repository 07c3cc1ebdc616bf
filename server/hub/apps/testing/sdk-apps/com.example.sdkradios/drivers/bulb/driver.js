'use strict';

const Homey = require('homey');

module.exports = class BulbDriver extends Homey.Driver {
  async onPairListDevices() {
    return [{ name: 'Bulb', data: { id: 'bulb' } }];
  }
};
