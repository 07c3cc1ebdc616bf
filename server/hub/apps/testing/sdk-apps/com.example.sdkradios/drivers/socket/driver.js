'use strict';

const Homey = require('homey');

module.exports = class SocketDriver extends Homey.Driver {
  async onPairListDevices() {
    return [{ name: 'Socket', data: { id: 'socket' } }];
  }
};
