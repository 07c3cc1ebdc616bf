'use strict';

const Homey = require('homey');

/** A Z-Wave wall socket read through its METER command class and configured through CONFIGURATION. */
module.exports = class SocketDevice extends Homey.Device {
  async onInit() {
    this.node = await this.homey.zwave.getNode(this);
    this.meterReports = [];
    this.node.CommandClass.COMMAND_CLASS_METER.on('report', (command, report) => {
      this.meterReports.push({ command: command.name, scale: report.Properties2['Scale bits 10'], value: report['Meter Value (Parsed)'] });
    });
  }

  /** The power drawn (scale 2, W) and the energy used (scale 0, kWh); with `reset`, the energy zeroed first. */
  async meter({ reset }) {
    const meter = this.node.CommandClass.COMMAND_CLASS_METER;
    if (reset) await meter.METER_RESET();
    const power = await meter.METER_GET({ Properties1: { Scale: 2 } });
    const energy = await meter.METER_GET({ Properties1: { Scale: 0 } });
    return { power: power['Meter Value (Parsed)'], energy: energy['Meter Value (Parsed)'], reports: this.meterReports };
  }

  /** Sets a parameter of `size` bytes, then reads it back. */
  async configure({ parameter, size, value }) {
    const configuration = this.node.CommandClass.COMMAND_CLASS_CONFIGURATION;
    const bytes = Buffer.alloc(size);
    bytes.writeIntBE(value, 0, size);
    await configuration.CONFIGURATION_SET({ 'Parameter Number': parameter, Level: { Size: size, Default: false }, 'Configuration Value': bytes });
    const report = await configuration.CONFIGURATION_GET({ 'Parameter Number': parameter });
    return { parameter: report['Parameter Number'], size: report.Level.Size, value: Buffer.from(report['Configuration Value']).readIntBE(0, size) };
  }
};
