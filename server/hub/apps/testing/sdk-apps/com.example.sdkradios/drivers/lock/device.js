'use strict';

const Homey = require('homey');

/** A Z-Wave door lock driven by its command classes. */
module.exports = class LockDevice extends Homey.Device {
  async onInit() {
    this.reports = [];
    this.node = await this.homey.zwave.getNode(this);
    for (const [name, commandClass] of Object.entries(this.node.CommandClass)) {
      commandClass.on('report', (command, report) => this.reports.push({ commandClass: name, command: command.name, report }));
    }
  }

  describe() {
    const { nodeId, online, battery, deviceClassGeneric, manufacturerId, productTypeId, productId } = this.node;
    return { nodeId, online, battery, deviceClassGeneric, manufacturerId, productTypeId, productId, commandClasses: Object.keys(this.node.CommandClass), reports: this.reports };
  }

  /** DOOR_LOCK_OPERATION_SET by Homey's named field, then the raw DOOR_LOCK_OPERATION_GET (0x62 0x02). */
  async lock(locked) {
    await this.node.CommandClass.COMMAND_CLASS_DOOR_LOCK.DOOR_LOCK_OPERATION_SET({ 'Door Lock Mode': locked ? 'Door Secured' : 'Door Unsecured' });
    await this.node.sendCommand({ commandClassId: 0x62, commandId: 0x02 });
  }

  battery() {
    return this.node.CommandClass.COMMAND_CLASS_BATTERY.BATTERY_GET();
  }
};
