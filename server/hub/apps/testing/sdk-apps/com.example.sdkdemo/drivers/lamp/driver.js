'use strict';

const { Driver } = require('homey');

class LampDriver extends Driver {
  async onInit() {
    this.turnedOn = this.homey.flow.getDeviceTriggerCard('lamp_turned_on');
    this.log('LampDriver has been initialized');
  }

  async onPairListDevices() {
    return [
      { name: 'Desk lamp', data: { id: 'desk' }, store: { address: '10.0.0.7' } },
      { name: 'Floor lamp', data: { id: 'floor' }, store: { address: '10.0.0.8' } },
    ];
  }
}

module.exports = LampDriver;
