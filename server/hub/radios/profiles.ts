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
  /** Zigbee Color Control: the colour temperatures the lamp can make, in mireds (coolest, warmest). */
  mireds?: [number, number];
  /** Zigbee IAS Zone: the zone type its enroll request names. */
  zoneType?: 'contactSwitch' | 'motionSensor' | 'fireSensor';
  /** Z-Wave CONFIGURATION: its parameters by number, with their size in bytes and default value. */
  parameters?: Record<number, { size: 1 | 2 | 4; value: number }>;
  /** Z-Wave: the ids its Manufacturer Specific report gives (app.json `zwave` driver sections match on them) and its device classes. */
  zwave?: { manufacturerId: number; productTypeId: number; productId: number; generic: string; specific: string };
}

const profiles: NodeProfile[] = [
  { driver: 'light', radio: 'zigbee', manufacturer: 'IKEA of Sweden', model: 'TRADFRI bulb E27 WS 806lm', endpoints: ['basic', 'identify', 'onOff', 'levelControl', 'colorControl'], mireds: [250, 454] },
  { driver: 'colorlight', radio: 'zigbee', manufacturer: 'Signify Netherlands B.V.', model: 'LCT015', endpoints: ['basic', 'identify', 'onOff', 'levelControl', 'colorControl'], mireds: [153, 500] },
  { driver: 'motion', radio: 'zigbee', manufacturer: 'Philips', model: 'SML001', endpoints: ['basic', 'powerConfiguration', 'occupancySensing', 'illuminanceMeasurement'] },
  { driver: 'temperature', radio: 'zigbee', manufacturer: 'Aqara', model: 'WSDCGQ11LM', endpoints: ['basic', 'powerConfiguration', 'temperatureMeasurement', 'relativeHumidity'] },
  { driver: 'contact', radio: 'zigbee', manufacturer: 'Aqara', model: 'MCCGQ11LM', endpoints: ['basic', 'powerConfiguration', 'iasZone'], zoneType: 'contactSwitch' },
  { driver: 'smoke', radio: 'zigbee', manufacturer: 'Heiman', model: 'HS1SA', endpoints: ['basic', 'powerConfiguration', 'iasZone', 'iasWd'], zoneType: 'fireSensor' },
  { driver: 'socket', radio: 'zwave', manufacturer: 'Fibaro', model: 'FGWPE-102', endpoints: ['COMMAND_CLASS_SWITCH_BINARY', 'COMMAND_CLASS_METER', 'COMMAND_CLASS_CONFIGURATION'],
    // Always on (1 byte), the power change that is reported (1 byte, %), the report interval (2 bytes, s), the overload cut-off (4 bytes, 0.1 W).
    parameters: { 1: { size: 1, value: 1 }, 40: { size: 1, value: 15 }, 42: { size: 2, value: 3600 }, 70: { size: 4, value: 39000 } },
    zwave: { manufacturerId: 0x010f, productTypeId: 0x0602, productId: 0x1001, generic: 'GENERIC_TYPE_SWITCH_BINARY', specific: 'SPECIFIC_TYPE_POWER_SWITCH_BINARY' } },
  { driver: 'thermostat', radio: 'zwave', manufacturer: 'Danfoss', model: 'LC-13', endpoints: ['COMMAND_CLASS_THERMOSTAT_SETPOINT', 'COMMAND_CLASS_SENSOR_MULTILEVEL', 'COMMAND_CLASS_BATTERY'], zwave: { manufacturerId: 0x0002, productTypeId: 0x0005, productId: 0x0004, generic: 'GENERIC_TYPE_THERMOSTAT', specific: 'SPECIFIC_TYPE_SETPOINT_THERMOSTAT' } },
  { driver: 'lock', radio: 'zwave', manufacturer: 'Yale', model: 'YRD256', endpoints: ['COMMAND_CLASS_DOOR_LOCK', 'COMMAND_CLASS_BATTERY', 'COMMAND_CLASS_SECURITY_2'], zwave: { manufacturerId: 0x0129, productTypeId: 0x8002, productId: 0x0600, generic: 'GENERIC_TYPE_ENTRY_CONTROL', specific: 'SPECIFIC_TYPE_SECURE_KEYPAD_DOOR_LOCK' } },
];

export const profileOf = (radio: RadioId, driver: string): NodeProfile | undefined =>
  profiles.find((profile) => profile.radio === radio && profile.driver === driver);

export const driversOf = (radio: RadioId): string[] => profiles.filter((profile) => profile.radio === radio).map((profile) => profile.driver);
