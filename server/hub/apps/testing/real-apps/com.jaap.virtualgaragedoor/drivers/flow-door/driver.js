'use strict';

module.exports = class FlowDoorDriver extends require('../../lib/virtual-door-driver') {

  static MODE = 'flow';

};
