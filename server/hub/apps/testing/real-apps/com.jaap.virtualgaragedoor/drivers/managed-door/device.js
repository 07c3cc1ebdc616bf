'use strict';

module.exports = class ManagedDoorDevice extends require('../../lib/virtual-door-device') {

  static MODE = 'managed';

};
