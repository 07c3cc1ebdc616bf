'use strict';

const Homey = require('homey');
const { ZCLNode } = require('zigbee-clusters');

/**
 * A Zigbee IAS zone (a door contact) as Homey's Zigbee apps enrol one: write the CIE's address, answer the zone's
 * enroll request with a zone id, then follow its status change notifications.
 */
module.exports = class ContactDevice extends Homey.Device {
  async onInit() {
    this.notifications = [];
    this.zclNode = new ZCLNode(await this.homey.zigbee.getNode(this));
    const { iasZone } = this.zclNode.endpoints[1].clusters;
    iasZone.onZoneEnrollRequest = ({ zoneType }) => {
      this.log('Zone asks to enrol:', zoneType);
      iasZone.zoneEnrollResponse({ enrollResponseCode: 'success', zoneId: 21 }).catch(this.error);
    };
    iasZone.onZoneStatusChangeNotification = ({ zoneStatus, zoneId }) => {
      this.notifications.push({ open: zoneStatus.alarm1, zoneId });
      this.setCapabilityValue('alarm_contact', zoneStatus.alarm1).catch(this.error);
    };
    await iasZone.writeAttributes({ iasCIEAddress: '00:17:88:01:0a:0b:0c:0d' });
  }

  async describe() {
    const zone = await this.zclNode.endpoints[1].clusters.iasZone.readAttributes(['zoneState', 'zoneType', 'zoneId', 'iasCIEAddress']);
    return { zone, notifications: this.notifications, open: this.getCapabilityValue('alarm_contact') };
  }
};
