import { badRequest, notFound } from '../../http/errors.js';
import type { CapabilityValue } from '../drivers/capabilities.js';
import { findDriver, VDEVICE_OWNER } from '../drivers/catalogue.js';
import { nodeValues, type RadioNode } from './node.js';
import { meter } from './meter.js';
import { configuration } from './configuration.js';
import type { CommandClassDefinition, Reports } from './command-class.js';
import type { NodeUpdates } from './zcl.js';

/**
 * The Z-Wave command classes of the simulated Z-Wave nodes, on the wire as Z-Wave carries them ([class, command,
 * ...parameters]) and as Homey's ZwaveCommandClass names them (SWITCH_BINARY_SET, BATTERY_REPORT ...), most over
 * one capability of the node's driver. A SET changes the node as a report of it would (Network.report); a GET
 * answers the class's REPORT. METER (meter.ts) carries two capabilities, CONFIGURATION (configuration.ts) none.
 */

export interface ZwaveReport {
  commandClassId: number;
  commandId: number;
  /** The command's name, as Homey's ZwaveCommandClass 'report' event gives it: SWITCH_BINARY_REPORT ... */
  name: string;
  /** The report's fields by Homey's names. */
  report: Record<string, unknown>;
  /** The report on the wire: [class, command, ...parameters]. */
  bytes: number[];
}

/** A class over one capability: a GET answers its REPORT, a SET (when it has one) changes the value. */
function overCapability(definition: {
  id: number; name: string; capability: string; commands: Record<string, number>;
  report: (value: CapabilityValue) => { params: number[]; fields: Record<string, unknown> };
  set?: (params: number[] | Record<string, unknown>) => CapabilityValue;
}): CommandClassDefinition {
  const reportName = Object.keys(definition.commands).find((name) => name.endsWith('REPORT'))!;
  const reportOfValue = (value: CapabilityValue | undefined): Reports => (value === undefined ? [] : [{ command: reportName, ...definition.report(value) }]);
  return {
    id: definition.id, name: definition.name, capabilities: [definition.capability], commands: definition.commands,
    run: (command, params, node, updates) => {
      if (command.endsWith('GET')) return reportOfValue(nodeValues(node)[definition.capability]);
      updates.set({ [definition.capability]: definition.set!(params) });
      return [];
    },
    changed: (changed) => (Object.hasOwn(changed, definition.capability) ? reportOfValue(changed[definition.capability]) : []),
  };
}

const onOrOff = (value: unknown): boolean => (typeof value === 'string' ? /^(on|enable|true)/i.test(value) : Boolean(value));

/** A temperature as SENSOR_MULTILEVEL and THERMOSTAT_SETPOINT carry it: °C, one decimal, two bytes. */
function temperature(value: CapabilityValue) {
  const raw = Buffer.alloc(2);
  raw.writeInt16BE(Math.round(Number(value) * 10));
  return { level: (1 << 5) | 2, bytes: [...raw], level2: { Size: 2, Scale: 0, Precision: 1 } };
}
const parsedTemperature = (bytes: number[], at: number): number => {
  const level = bytes[at] ?? 0;
  const size = level & 0x07;
  const precision = level >> 5;
  if (size < 1 || bytes.length < at + 1 + size) throw badRequest('The setpoint is its level byte and value bytes');
  return Buffer.from(bytes.slice(at + 1, at + 1 + size)).readIntBE(0, size) / 10 ** precision;
};

const DEFINITIONS: CommandClassDefinition[] = [
  overCapability({
    id: 0x25, name: 'SWITCH_BINARY', capability: 'onoff', commands: { SET: 0x01, GET: 0x02, REPORT: 0x03 },
    report: (value) => ({ params: [value ? 0xff : 0x00], fields: { Value: value ? 'on/enable' : 'off/disable' } }),
    set: (params) => (Array.isArray(params) ? params[0] !== 0 : onOrOff(params['Switch Value'])),
  }),
  overCapability({
    id: 0x80, name: 'BATTERY', capability: 'measure_battery', commands: { GET: 0x02, REPORT: 0x03 },
    report: (value) => ({ params: [Math.round(Number(value))], fields: { 'Battery Level': Math.round(Number(value)) } }),
  }),
  overCapability({
    id: 0x31, name: 'SENSOR_MULTILEVEL', capability: 'measure_temperature', commands: { GET: 0x04, REPORT: 0x05 },
    report: (value) => {
      const { level, bytes, level2 } = temperature(value);
      return { params: [0x01, level, ...bytes], fields: { 'Sensor Type': 'Temperature (version 1)', Level: level2, 'Sensor Value': Buffer.from(bytes), 'Sensor Value (Parsed)': Number(value) } };
    },
  }),
  overCapability({
    id: 0x43, name: 'THERMOSTAT_SETPOINT', capability: 'target_temperature', commands: { SET: 0x01, GET: 0x02, REPORT: 0x03 },
    report: (value) => {
      const { level, bytes, level2 } = temperature(value);
      return { params: [0x01, level, ...bytes], fields: { Level: { 'Setpoint Type': 'Heating 1' }, Level2: level2, Value: Buffer.from(bytes), 'Value (Parsed)': Number(value) } };
    },
    set: (params) => (Array.isArray(params) ? parsedTemperature(params, 1) : Number(params['Value (Parsed)'] ?? params.Value)),
  }),
  overCapability({
    id: 0x62, name: 'DOOR_LOCK', capability: 'locked', commands: { OPERATION_SET: 0x01, OPERATION_GET: 0x02, OPERATION_REPORT: 0x03 },
    report: (value) => ({ params: [value ? 0xff : 0x00, 0x00, 0x00, 0xfe, 0xfe], fields: { 'Door Lock Mode': value ? 'Door Secured' : 'Door Unsecured' } }),
    set: (params) => (Array.isArray(params) ? params[0] === 0xff : /secured/i.test(String(params['Door Lock Mode'])) && !/unsecured/i.test(String(params['Door Lock Mode']))),
  }),
  meter,
  configuration,
];

/** The command classes a node answers: those of its interview the hub simulates over a capability its driver has. */
function classesOf(node: RadioNode): CommandClassDefinition[] {
  const capabilities = findDriver(`${VDEVICE_OWNER}:${node.driver}`)?.capabilities ?? [];
  return DEFINITIONS.filter((definition) => node.endpoints.includes(`COMMAND_CLASS_${definition.name}`)
    && (definition.capabilities.length === 0 || definition.capabilities.some((capability) => capabilities.includes(capability))));
}

/** The node's command classes as ZwaveNode.CommandClass holds them: by COMMAND_CLASS_<name>, with their commands. */
export function commandClassesOf(node: RadioNode) {
  return Object.fromEntries(classesOf(node).map((definition) => [
    `COMMAND_CLASS_${definition.name}`,
    { id: definition.id, version: 1, commands: Object.fromEntries(Object.entries(definition.commands).map(([name, id]) => [`${definition.name}_${name}`, id])) },
  ]));
}

/** The REPORTs of a class as they go out: named as Homey names them, and on the wire. */
const asReports = (definition: CommandClassDefinition, reports: Reports): ZwaveReport[] => reports.map(({ command, params, fields }) => {
  const commandId = definition.commands[command]!;
  return { commandClassId: definition.id, commandId, name: `${definition.name}_${command}`, report: fields, bytes: [definition.id, commandId, ...params] };
});

/**
 * A command an app sent the node: a SET or RESET changes the node through `updates`, a GET answers the REPORT.
 * Parameters are bytes, or Homey's named fields.
 */
export function runCommand(node: RadioNode, command: { commandClassId: number; commandId: number; params: number[] | Record<string, unknown> }, updates: NodeUpdates): ZwaveReport[] {
  const definition = classesOf(node).find((candidate) => candidate.id === command.commandClassId);
  if (!definition) throw notFound(`Command class 0x${command.commandClassId.toString(16)} of Z-Wave node ${node.id}`);
  const name = Object.entries(definition.commands).find(([, id]) => id === command.commandId)?.[0];
  if (!name || name.endsWith('REPORT')) throw badRequest(`Command 0x${command.commandId.toString(16)} of COMMAND_CLASS_${definition.name} is not one a node is sent`);
  return asReports(definition, definition.run(name, command.params, node, updates));
}

/** The reports (unsolicited, as a node sends them) for the capability values that changed. */
export function changeReports(node: RadioNode, changed: Record<string, CapabilityValue>): ZwaveReport[] {
  return classesOf(node).flatMap((definition) => asReports(definition, definition.changed(changed, node)));
}
