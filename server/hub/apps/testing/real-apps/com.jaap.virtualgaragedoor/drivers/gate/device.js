'use strict';

module.exports = class GateDevice extends require('../../lib/virtual-door-device') {

  static MODE = 'gate';

};
