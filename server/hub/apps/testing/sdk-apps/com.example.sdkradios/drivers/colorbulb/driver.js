'use strict';

const Homey = require('homey');

module.exports = class ColourBulbDriver extends Homey.Driver {
  async onPairListDevices() {
    return [{ name: 'Colour bulb', data: { id: 'colorbulb' } }];
  }
};
