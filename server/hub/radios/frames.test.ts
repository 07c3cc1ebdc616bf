import type { CapabilityValue } from '../drivers/capabilities.js';
import { changeReports, runCommand } from './command-classes.js';
import type { RadioNode } from './node.js';
import { profileOf } from './profiles.js';
import { exchangeFrame, reportFrames } from './zcl.js';

const nodeOf = (radio: 'zigbee' | 'zwave', driver: string, lastReport: Record<string, CapabilityValue> | null = null): RadioNode => {
  const profile = profileOf(radio, driver)!;
  return { id: radio === 'zigbee' ? '00aa' : '7', driver, status: 'ready', manufacturer: profile.manufacturer, model: profile.model, endpoints: profile.endpoints, joinedAt: '', interviewedAt: '', lastSeen: '', lastReport };
};
/** Records what an exchange changes on the node. */
const recorder = () => ({ set: jest.fn(), remember: jest.fn() });
const hex = (frames: Array<{ clusterId: number; frame: Buffer }>) => frames.map(({ clusterId, frame }) => `${clusterId}:${frame.toString('hex')}`);

describe('the ZCL side of a simulated Zigbee node', () => {
  it('when it is sent Toggle and Move to Level with On/Off, then it sets the values they mean and answers default responses', async () => {
    const light = nodeOf('zigbee', 'light', { onoff: true, dim: 1 });
    const updates = recorder();
    expect(hex(await exchangeFrame(light, { endpointId: 1, clusterId: 6, frame: Buffer.from([0x01, 7, 0x02]) }, updates))).toEqual(['6:18070b0200']);
    expect(updates.set).toHaveBeenLastCalledWith({ onoff: false });
    expect(hex(await exchangeFrame(light, { endpointId: 1, clusterId: 8, frame: Buffer.from([0x01, 8, 0x04, 127, 0, 0]) }, updates))).toEqual(['8:18080b0400']);
    expect(updates.set).toHaveBeenLastCalledWith({ dim: 0.5, onoff: true });
  });

  it('when its Basic and measurement attributes are read, then it answers its make, model and values; a cluster it lacks fails', async () => {
    const sensor = nodeOf('zigbee', 'temperature', { measure_temperature: 21.5 });
    const [basic] = await exchangeFrame(sensor, { endpointId: 1, clusterId: 0, frame: Buffer.from([0x00, 1, 0x00, 0x04, 0x00]) }, recorder());
    expect(basic!.frame.subarray(3).toString('latin1')).toContain('Aqara');
    // measuredValue 0x0000, int16 (0x29), 2150 little-endian.
    expect(hex(await exchangeFrame(sensor, { endpointId: 1, clusterId: 0x0402, frame: Buffer.from([0x00, 2, 0x00, 0x00, 0x00]) }, recorder()))).toEqual(['1026:180201000000296608']);
    expect(hex(await exchangeFrame(sensor, { endpointId: 1, clusterId: 6, frame: Buffer.from([0x01, 3, 0x01]) }, recorder()))).toEqual(['6:18030b0101']);
  });

  it('when a colour lamp is sent Move to Hue and Saturation, Move to Color Temperature and Move to Color, then it shows them and reads them back', async () => {
    const lamp = nodeOf('zigbee', 'colorlight', { light_hue: 0.1, light_saturation: 0.8, light_temperature: 0.5, light_mode: 'temperature' });
    const updates = recorder();
    expect(hex(await exchangeFrame(lamp, { endpointId: 1, clusterId: 0x0300, frame: Buffer.from([0x01, 4, 0x06, 127, 254, 0, 0]) }, updates))).toEqual(['768:18040b0600']);
    expect(updates.set).toHaveBeenLastCalledWith({ light_hue: 0.5, light_saturation: 1, light_mode: 'color' });
    // 326 mireds of the lamp's 153 (coolest) .. 500 (warmest).
    await exchangeFrame(lamp, { endpointId: 1, clusterId: 0x0300, frame: Buffer.from([0x01, 5, 0x0a, 0x46, 0x01, 0, 0]) }, updates);
    expect(updates.set).toHaveBeenLastCalledWith({ light_temperature: (326 - 153) / 347, light_mode: 'temperature' });
    // Red, x 0.7006 y 0.2993: a hue of 0, fully saturated; the lamp keeps the point it was sent.
    await exchangeFrame(lamp, { endpointId: 1, clusterId: 0x0300, frame: Buffer.from([0x01, 6, 0x07, 0x5a, 0xb3, 0x9e, 0x4c, 0, 0]) }, updates);
    expect(updates.set).toHaveBeenLastCalledWith({ light_hue: 0, light_saturation: 1, light_mode: 'color' });
    expect(updates.remember).toHaveBeenLastCalledWith({ 'colorControl.currentX': 0xb35a, 'colorControl.currentY': 0x4c9e });
    const red = { ...lamp, lastReport: { light_hue: 0, light_saturation: 1, light_mode: 'color' }, attributes: { 'colorControl.currentX': 0xb35a, 'colorControl.currentY': 0x4c9e } };
    // Read currentHue (0x0000), currentX (0x0003), currentY (0x0004), colorMode (0x0008): 0, the point, xy (1).
    expect(hex(await exchangeFrame(red, { endpointId: 1, clusterId: 0x0300, frame: Buffer.from([0x00, 7, 0x00, 0x00, 0x00, 0x03, 0x00, 0x04, 0x00, 0x08, 0x00]) }, recorder()))).toEqual([
      '768:1807010000002000030000215ab3040000219e4c08000030' + '01',
    ]);
  });

  it('when a white lamp is sent a hue, then it refuses it; its colour temperature it reads', async () => {
    const lamp = nodeOf('zigbee', 'light', { light_temperature: 0 });
    const updates = recorder();
    // A default response to Move to Hue (0x00) of FAILURE (zigbee-clusters' status for a command a cluster lacks).
    expect(hex(await exchangeFrame(lamp, { endpointId: 1, clusterId: 0x0300, frame: Buffer.from([0x01, 8, 0x00, 10, 0, 0, 0]) }, updates))).toEqual(['768:18080b0001']);
    expect(updates.set).not.toHaveBeenCalled();
    // Read colorTemperatureMireds (0x0007): 250, its coolest.
    expect(hex(await exchangeFrame(lamp, { endpointId: 1, clusterId: 0x0300, frame: Buffer.from([0x00, 9, 0x00, 0x07, 0x00]) }, updates))).toEqual(['768:18090107000021fa00']);
  });

  it('when a CIE writes its address to an IAS zone and answers its enroll request, then the zone is enrolled and notifies its alarms', async () => {
    const sensor = nodeOf('zigbee', 'contact', { alarm_contact: false });
    const updates = recorder();
    // Write Attributes (0x02): iasCIEAddress (0x0010), EUI64 (0xf0), and zoneType (0x0001), enum16 (0x31), which is read only.
    const write = Buffer.from([0x00, 10, 0x02, 0x10, 0x00, 0xf0, 8, 7, 6, 5, 4, 3, 2, 1, 0x01, 0x00, 0x31, 0x0d, 0x00]);
    const [response, request] = hex(await exchangeFrame(sensor, { endpointId: 1, clusterId: 0x0500, frame: write }, updates));
    // Write Attributes Response (0x04): iasCIEAddress SUCCESS, zoneType FAILURE; then the zone's enroll request (0x01), a contact switch (0x0015).
    expect(response).toBe('1280:180a04001000010100');
    expect(request).toMatch(/^1280:19[0-9a-f]{2}0115000000$/);
    expect(updates.remember).toHaveBeenCalledWith({ 'iasZone.iasCIEAddress': '01:02:03:04:05:06:07:08' });
    // Zone Enroll Response (0x00): success, zone id 23.
    expect(hex(await exchangeFrame(sensor, { endpointId: 1, clusterId: 0x0500, frame: Buffer.from([0x01, 11, 0x00, 0x00, 23]) }, updates))).toEqual(['1280:180b0b0000']);
    expect(updates.remember).toHaveBeenLastCalledWith({ 'iasZone.zoneState': 'enrolled', 'iasZone.zoneId': 23 });
    expect(hex(reportFrames(sensor, { alarm_contact: true }))).toEqual([]);
    const enrolled = { ...sensor, attributes: { 'iasZone.zoneState': 'enrolled', 'iasZone.zoneId': 23 } };
    // Zone Status Change Notification (0x00): alarm1, extended status 0, zone 23, no delay.
    expect(hex(reportFrames(enrolled, { alarm_contact: true }))).toEqual([expect.stringMatching(/^1280:19[0-9a-f]{2}00010000170000$/)]);
    // Read zoneState (0x0000) and zoneStatus (0x0002) of the enrolled zone, its contact open: enrolled, alarm1.
    expect(hex(await exchangeFrame({ ...enrolled, lastReport: { alarm_contact: true } }, { endpointId: 1, clusterId: 0x0500, frame: Buffer.from([0x00, 12, 0x00, 0x00, 0x00, 0x02, 0x00]) }, updates))).toEqual([
      '1280:180c0100000030010200001901' + '00',
    ]);
  });

  it('when its values change, then it reports each linked attribute of its clusters', () => {
    expect(hex(reportFrames(nodeOf('zigbee', 'temperature'), { measure_humidity: 45, measure_battery: 88 })).map((frame) => frame.replace(/^(\d+:18)[0-9a-f]{2}/, '$1..'))).toEqual([
      '1029:18..0a0000219411', '1:18..0a210020b0',
    ]);
  });
});

describe('the command classes of a simulated Z-Wave node', () => {
  it('when a thermostat is sent THERMOSTAT_SETPOINT_SET as bytes, then its target changes; a GET answers its REPORT', () => {
    const thermostat = nodeOf('zwave', 'thermostat', { target_temperature: 20, measure_temperature: 19.5 });
    const updates = recorder();
    // Heating 1, precision 1 / size 2, 215 tenths.
    expect(runCommand(thermostat, { commandClassId: 0x43, commandId: 0x01, params: [0x01, 0x22, 0x00, 0xd7] }, updates)).toEqual([]);
    expect(updates.set).toHaveBeenCalledWith({ target_temperature: 21.5 });
    expect(runCommand(thermostat, { commandClassId: 0x31, commandId: 0x04, params: [] }, updates)).toEqual([
      expect.objectContaining({ name: 'SENSOR_MULTILEVEL_REPORT', bytes: [0x31, 0x05, 0x01, 0x22, 0x00, 0xc3], report: expect.objectContaining({ 'Sensor Value (Parsed)': 19.5 }) }),
    ]);
  });

  it('when a node is sent a class it does not answer, or a REPORT, then it refuses', () => {
    const lock = nodeOf('zwave', 'lock');
    expect(() => runCommand(lock, { commandClassId: 0x25, commandId: 0x01, params: [0xff] }, recorder())).toThrow(/Command class 0x25/);
    expect(() => runCommand(lock, { commandClassId: 0x62, commandId: 0x03, params: [] }, recorder())).toThrow(/not one a node is sent/);
  });

  it('when a socket is asked METER_GET by scale, then it reports its energy in kWh or its power in W; METER_RESET zeroes the energy', () => {
    const socket = nodeOf('zwave', 'socket', { onoff: true, measure_power: 36.2, meter_power: 1.25 });
    const updates = recorder();
    // Scale 2 (W) in bits 3-5: precision 1, scale 2, size 4 (0x34), 362 tenths, no delta time.
    expect(runCommand(socket, { commandClassId: 0x32, commandId: 0x01, params: [0x10] }, updates)).toEqual([expect.objectContaining({
      name: 'METER_REPORT', bytes: [0x32, 0x02, 0x21, 0x34, 0, 0, 0x01, 0x6a, 0, 0],
      report: expect.objectContaining({ Properties2: { Size: 4, 'Scale bits 10': 2, Precision: 1 }, 'Meter Value (Parsed)': 36.2 }),
    })]);
    const [energy] = runCommand(socket, { commandClassId: 0x32, commandId: 0x01, params: { Properties1: { Scale: 0 } } }, updates);
    expect(energy!.report).toMatchObject({ Properties1: { 'Meter Type': 'Electric meter', 'Scale bit 2': false }, Properties2: { 'Scale bits 10': 0, Precision: 2 }, 'Meter Value (Parsed)': 1.25 });
    expect(() => runCommand(socket, { commandClassId: 0x32, commandId: 0x01, params: [0x20] }, updates)).toThrow(/scale 4 is not one this meter measures/);
    expect(runCommand(socket, { commandClassId: 0x32, commandId: 0x05, params: [] }, updates)).toEqual([]);
    expect(updates.set).toHaveBeenCalledWith({ meter_power: 0 });
    expect(changeReports(socket, { meter_power: 0 }).map(({ name, bytes }) => [name, bytes])).toEqual([['METER_REPORT', [0x32, 0x02, 0x21, 0x44, 0, 0, 0, 0, 0, 0]]]);
  });

  it('when a socket is configured by CONFIGURATION_SET of 1, 2 and 4 bytes, then it keeps the values and CONFIGURATION_GET reports them; a wrong size or parameter is refused', () => {
    const socket = nodeOf('zwave', 'socket');
    const updates = recorder();
    const configure = (params: number[] | Record<string, unknown>) => runCommand(socket, { commandClassId: 0x70, commandId: 0x04, params }, updates);
    expect(configure([40, 0x01, 25])).toEqual([]);
    expect(updates.remember).toHaveBeenLastCalledWith({ 'configuration.40': 25 });
    configure([42, 0x02, 0x07, 0x08]);
    expect(updates.remember).toHaveBeenLastCalledWith({ 'configuration.42': 1800 });
    configure({ 'Parameter Number': 70, Level: { Size: 4, Default: false }, 'Configuration Value': Buffer.from([0, 0, 0x4e, 0x20]) });
    expect(updates.remember).toHaveBeenLastCalledWith({ 'configuration.70': 20000 });
    configure([42, 0x82]);
    expect(updates.remember).toHaveBeenLastCalledWith({ 'configuration.42': 3600 });
    expect(() => configure([42, 0x01, 5])).toThrow(/parameter 42 is 2 byte/);
    expect(() => configure([99, 0x01, 5])).toThrow(/Parameter 99 is not one the FGWPE-102 has \(1, 40, 42, 70\)/);
    const configured = { ...socket, attributes: { 'configuration.42': 1800 } };
    const get = (number: number) => runCommand(configured, { commandClassId: 0x70, commandId: 0x05, params: [number] }, updates)[0];
    expect(get(42)).toMatchObject({ name: 'CONFIGURATION_REPORT', bytes: [0x70, 0x06, 42, 2, 0x07, 0x08], report: { 'Parameter Number': 42, Level: { Size: 2 } } });
    // Never set: its default.
    expect(get(70)!.bytes).toEqual([0x70, 0x06, 70, 4, 0, 0, 0x98, 0x58]);
  });

  it('when a socket is switched by its device, then SWITCH_BINARY_REPORT goes out unsolicited', () => {
    expect(changeReports(nodeOf('zwave', 'socket'), { onoff: true })).toEqual([
      { commandClassId: 0x25, commandId: 0x03, name: 'SWITCH_BINARY_REPORT', report: { Value: 'on/enable' }, bytes: [0x25, 0x03, 0xff] },
    ]);
  });
});
