'use strict';

module.exports = class FlowDoorDevice extends require('../../lib/virtual-door-device') {

  static MODE = 'flow';

};
