'use strict';

const fs = require('fs');

module.exports = {
  async getStatus({ homey }) {
    return { total: homey.settings.get('total') ?? 0, lamps: homey.drivers.getDriver('lamp').getDevices().length };
  },
  async setTotal({ homey, body }) {
    homey.settings.set('total', body.total);
    return { total: body.total };
  },
  async getFlows({ homey }) {
    const steps = (await homey.flow.getActionCard('count').getArgumentValues()).map((args) => args.step);
    const [lamp] = homey.drivers.getDriver('lamp').getDevices();
    const lampFlows = lamp ? (await homey.flow.getDeviceTriggerCard('lamp_turned_on').getArgumentValues(lamp)).length : 0;
    return { steps, lampFlows };
  },
  async getAdded() {
    return fs.readFileSync('/userdata/added.txt', 'utf-8').split('\n').filter(Boolean);
  },
  async getLamp({ homey, params }) {
    const lamp = homey.drivers.getDriver('lamp').getDevices().find((device) => device.getData().id === params.id);
    if (!lamp) throw new Error(homey.__('errors.offline'));
    return { name: lamp.getName(), onoff: lamp.getCapabilityValue('onoff') };
  },
};
