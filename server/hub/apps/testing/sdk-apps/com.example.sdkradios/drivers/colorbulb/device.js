'use strict';

const Homey = require('homey');
const { ZCLNode } = require('zigbee-clusters');

/** A Zigbee colour lamp driven through zigbee-clusters' Color Control cluster, as Homey's Zigbee apps drive one. */
module.exports = class ColourBulbDevice extends Homey.Device {
  async onInit() {
    this.zclNode = new ZCLNode(await this.homey.zigbee.getNode(this));
  }

  get colorControl() {
    return this.zclNode.endpoints[1].clusters.colorControl;
  }

  /** Moves to a hue and saturation (ZCL's 0..254), or to a colour temperature (mireds), then reads back what the lamp shows. */
  async colour({ hue, saturation, mireds }) {
    if (mireds !== undefined) await this.colorControl.moveToColorTemperature({ colorTemperature: mireds, transitionTime: 0 });
    else await this.colorControl.moveToHueAndSaturation({ hue, saturation, transitionTime: 0 });
    return this.colorControl.readAttributes(['currentHue', 'currentSaturation', 'colorTemperatureMireds', 'colorMode']);
  }
};
