'use strict';

module.exports = class ManagedDoorDriver extends require('../../lib/virtual-door-driver') {

  static MODE = 'managed';

};
