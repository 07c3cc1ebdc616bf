'use strict';

const Homey = require('homey');

module.exports = class BridgeDriver extends Homey.Driver {
  /** The bridges the hub found on its network by this driver's discovery strategy. */
  async onPairListDevices() {
    const results = Object.values(this.getDiscoveryStrategy().getDiscoveryResults());
    return results.map((result) => ({ name: `Bridge ${result.txt.modelid}`, data: { id: result.id } }));
  }
};
