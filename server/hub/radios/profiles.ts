/**
 * What the simulator's virtual hardware is: for each virtual driver reached over a radio, the make and model a
 * simulated node answers its interview with, and the clusters (Zigbee) or command classes (Z-Wave) it exposes.
 */
export type RadioId = 'zigbee' | 'zwave';

export interface NodeProfile {
  /** The virtual driver's short name (homey:manager:vdevice:<driver>). */
  driver: string;
  radio: RadioId;
  manufacturer: string;
  model: string;
  /** Zigbee cluster names or Z-Wave command class names, as the interview reports them. */
  endpoints: string[];
  /** Z-Wave: the ids its Manufacturer Specific report gives (app.json `zwave` driver sections match on them) and its device classes. */
  zwave?: { manufacturerId: number; productTypeId: number; productId: number; generic: string; specific: string };
}

const profiles: NodeProfile[] = [
  { driver: 'light', radio: 'zigbee', manufacturer: 'IKEA of Sweden', model: 'TRADFRI bulb E27 WS 806lm', endpoints: ['basic', 'identify', 'onOff', 'levelControl', 'colorControl'] },
  { driver: 'motion', radio: 'zigbee', manufacturer: 'Philips', model: 'SML001', endpoints: ['basic', 'powerConfiguration', 'occupancySensing', 'illuminanceMeasurement'] },
  { driver: 'temperature', radio: 'zigbee', manufacturer: 'Aqara', model: 'WSDCGQ11LM', endpoints: ['basic', 'powerConfiguration', 'temperatureMeasurement', 'relativeHumidity'] },
  { driver: 'contact', radio: 'zigbee', manufacturer: 'Aqara', model: 'MCCGQ11LM', endpoints: ['basic', 'powerConfiguration', 'iasZone'] },
  { driver: 'smoke', radio: 'zigbee', manufacturer: 'Heiman', model: 'HS1SA', endpoints: ['basic', 'powerConfiguration', 'iasZone', 'iasWd'] },
  { driver: 'socket', radio: 'zwave', manufacturer: 'Fibaro', model: 'FGWPE-102', endpoints: ['COMMAND_CLASS_SWITCH_BINARY', 'COMMAND_CLASS_METER', 'COMMAND_CLASS_CONFIGURATION'], zwave: { manufacturerId: 0x010f, productTypeId: 0x0602, productId: 0x1001, generic: 'GENERIC_TYPE_SWITCH_BINARY', specific: 'SPECIFIC_TYPE_POWER_SWITCH_BINARY' } },
  { driver: 'thermostat', radio: 'zwave', manufacturer: 'Danfoss', model: 'LC-13', endpoints: ['COMMAND_CLASS_THERMOSTAT_SETPOINT', 'COMMAND_CLASS_SENSOR_MULTILEVEL', 'COMMAND_CLASS_BATTERY'], zwave: { manufacturerId: 0x0002, productTypeId: 0x0005, productId: 0x0004, generic: 'GENERIC_TYPE_THERMOSTAT', specific: 'SPECIFIC_TYPE_SETPOINT_THERMOSTAT' } },
  { driver: 'lock', radio: 'zwave', manufacturer: 'Yale', model: 'YRD256', endpoints: ['COMMAND_CLASS_DOOR_LOCK', 'COMMAND_CLASS_BATTERY', 'COMMAND_CLASS_SECURITY_2'], zwave: { manufacturerId: 0x0129, productTypeId: 0x8002, productId: 0x0600, generic: 'GENERIC_TYPE_ENTRY_CONTROL', specific: 'SPECIFIC_TYPE_SECURE_KEYPAD_DOOR_LOCK' } },
];

export const profileOf = (radio: RadioId, driver: string): NodeProfile | undefined =>
  profiles.find((profile) => profile.radio === radio && profile.driver === driver);

export const driversOf = (radio: RadioId): string[] => profiles.filter((profile) => profile.radio === radio).map((profile) => profile.driver);
