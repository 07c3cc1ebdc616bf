'use strict';

const Homey = require('homey');

const ON_OFF = 0x0006;

/** A Zigbee bulb driven by raw ZCL frames, as zigbee-clusters would write them. */
module.exports = class BulbDevice extends Homey.Device {
  async onInit() {
    this.heard = [];
    this.sequence = 0;
    this.node = await this.homey.zigbee.getNode(this);
    this.node.handleFrame = async (endpointId, clusterId, frame) => {
      this.heard.push({ endpointId, clusterId, frame: frame.toString('hex') });
    };
    this.registerCapabilityListener('onoff', (on) => this.switch(on));
    this.log('Bulb node', this.node.manufacturerName, this.node.productId);
  }

  /**
   * Zigbee as Homey's Zigbee apps speak it: zigbee-clusters' ZCLNode over this node (the package the test puts in the
   * app's node_modules), toggling the bulb and reading back its onOff attribute.
   */
  async toggleByClusters() {
    if (!this.zclNode) {
      const { ZCLNode } = require('zigbee-clusters');
      const record = this.node.handleFrame;
      this.zclNode = new ZCLNode(this.node);
      const parse = this.node.handleFrame;
      this.node.handleFrame = async (...frame) => {
        await record(...frame);
        await parse(...frame);
      };
    }
    const onOff = this.zclNode.endpoints[1].clusters.onOff;
    await onOff.toggle();
    return onOff.readAttributes(['onOff']);
  }

  describe() {
    const { manufacturerName, productId, receiveWhenIdle, endpointDescriptors } = this.node;
    return { manufacturerName, productId, receiveWhenIdle, endpointDescriptors, heard: this.heard };
  }

  /** The On/Off cluster's On (1) or Off (0) command: cluster specific, client to server. */
  async switch(on) {
    this.sequence = (this.sequence + 1) % 256;
    await this.node.sendFrame(1, ON_OFF, Buffer.from([0x01, this.sequence, on ? 0x01 : 0x00]));
  }

  /** Read Attributes (global command 0) of the onOff attribute (0x0000). */
  async readOnOff() {
    this.sequence = (this.sequence + 1) % 256;
    await this.node.sendFrame(1, ON_OFF, Buffer.from([0x00, this.sequence, 0x00, 0x00, 0x00]));
  }
};
