'use strict';

const Homey = require('homey');

module.exports = class ContactDriver extends Homey.Driver {
  async onPairListDevices() {
    return [{ name: 'Back door', data: { id: 'contact' } }];
  }
};
