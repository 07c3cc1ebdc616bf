import type { CapabilityValue } from '../drivers/capabilities.js';
import { changeReports, runCommand } from './command-classes.js';
import type { RadioNode } from './network.js';
import { profileOf } from './profiles.js';
import { attributeReports, exchangeFrame } from './zcl.js';

const nodeOf = (radio: 'zigbee' | 'zwave', driver: string, lastReport: Record<string, CapabilityValue> | null = null): RadioNode => {
  const profile = profileOf(radio, driver)!;
  return { id: radio === 'zigbee' ? '00aa' : '7', driver, status: 'ready', manufacturer: profile.manufacturer, model: profile.model, endpoints: profile.endpoints, joinedAt: '', interviewedAt: '', lastSeen: '', lastReport };
};
const hex = (frames: Array<{ clusterId: number; frame: Buffer }>) => frames.map(({ clusterId, frame }) => `${clusterId}:${frame.toString('hex')}`);

describe('the ZCL side of a simulated Zigbee node', () => {
  it('when it is sent Toggle and Move to Level with On/Off, then it sets the values they mean and answers default responses', async () => {
    const light = nodeOf('zigbee', 'light', { onoff: true, dim: 1 });
    const set = jest.fn();
    expect(hex(await exchangeFrame(light, { endpointId: 1, clusterId: 6, frame: Buffer.from([0x01, 7, 0x02]) }, set))).toEqual(['6:18070b0200']);
    expect(set).toHaveBeenLastCalledWith({ onoff: false });
    expect(hex(await exchangeFrame(light, { endpointId: 1, clusterId: 8, frame: Buffer.from([0x01, 8, 0x04, 127, 0, 0]) }, set))).toEqual(['8:18080b0400']);
    expect(set).toHaveBeenLastCalledWith({ dim: 0.5, onoff: true });
  });

  it('when its Basic and measurement attributes are read, then it answers its make, model and values; a cluster it lacks fails', async () => {
    const sensor = nodeOf('zigbee', 'temperature', { measure_temperature: 21.5 });
    const [basic] = await exchangeFrame(sensor, { endpointId: 1, clusterId: 0, frame: Buffer.from([0x00, 1, 0x00, 0x04, 0x00]) }, jest.fn());
    expect(basic!.frame.subarray(3).toString('latin1')).toContain('Aqara');
    // measuredValue 0x0000, int16 (0x29), 2150 little-endian.
    expect(hex(await exchangeFrame(sensor, { endpointId: 1, clusterId: 0x0402, frame: Buffer.from([0x00, 2, 0x00, 0x00, 0x00]) }, jest.fn()))).toEqual(['1026:180201000000296608']);
    expect(hex(await exchangeFrame(sensor, { endpointId: 1, clusterId: 6, frame: Buffer.from([0x01, 3, 0x01]) }, jest.fn()))).toEqual(['6:18030b0101']);
  });

  it('when its values change, then it reports each linked attribute of its clusters', () => {
    expect(hex(attributeReports(nodeOf('zigbee', 'temperature'), { measure_humidity: 45, measure_battery: 88 })).map((frame) => frame.replace(/^(\d+:18)[0-9a-f]{2}/, '$1..'))).toEqual([
      '1029:18..0a0000219411', '1:18..0a210020b0',
    ]);
  });
});

describe('the command classes of a simulated Z-Wave node', () => {
  it('when a thermostat is sent THERMOSTAT_SETPOINT_SET as bytes, then its target changes; a GET answers its REPORT', () => {
    const thermostat = nodeOf('zwave', 'thermostat', { target_temperature: 20, measure_temperature: 19.5 });
    const set = jest.fn();
    // Heating 1, precision 1 / size 2, 215 tenths.
    expect(runCommand(thermostat, { commandClassId: 0x43, commandId: 0x01, params: [0x01, 0x22, 0x00, 0xd7] }, set)).toEqual([]);
    expect(set).toHaveBeenCalledWith({ target_temperature: 21.5 });
    expect(runCommand(thermostat, { commandClassId: 0x31, commandId: 0x04, params: [] }, set)).toEqual([
      expect.objectContaining({ name: 'SENSOR_MULTILEVEL_REPORT', bytes: [0x31, 0x05, 0x01, 0x22, 0x00, 0xc3], report: expect.objectContaining({ 'Sensor Value (Parsed)': 19.5 }) }),
    ]);
  });

  it('when a node is sent a class it does not answer, or a REPORT, then it refuses', () => {
    const lock = nodeOf('zwave', 'lock');
    expect(() => runCommand(lock, { commandClassId: 0x25, commandId: 0x01, params: [0xff] }, jest.fn())).toThrow(/Command class 0x25/);
    expect(() => runCommand(lock, { commandClassId: 0x62, commandId: 0x03, params: [] }, jest.fn())).toThrow(/not one a node is sent/);
  });

  it('when a socket is switched by its device, then SWITCH_BINARY_REPORT goes out unsolicited', () => {
    expect(changeReports(nodeOf('zwave', 'socket'), { onoff: true, measure_power: 60 })).toEqual([
      { commandClassId: 0x25, commandId: 0x03, name: 'SWITCH_BINARY_REPORT', report: { Value: 'on/enable' }, bytes: [0x25, 0x03, 0xff] },
    ]);
  });
});
