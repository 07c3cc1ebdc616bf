'use strict';

module.exports = class GateDriver extends require('../../lib/virtual-door-driver') {

  static MODE = 'gate';

};
