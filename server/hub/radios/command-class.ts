/** The shape of a simulated Z-Wave command class (command-classes.ts lists them; METER and CONFIGURATION have files of their own). */
import type { CapabilityValue } from '../drivers/capabilities.js';
import type { RadioNode } from './node.js';
import type { NodeUpdates } from './zcl.js';

/** What a command of a class answers: REPORTs by command name (without the class's prefix), with their parameters and fields. */
export type Reports = Array<{ command: string; params: number[]; fields: Record<string, unknown> }>;

export interface CommandClassDefinition {
  id: number;
  name: string;
  /** The capabilities whose values it carries; offered when the node's driver has one (CONFIGURATION: none, offered always). */
  capabilities: string[];
  /** The commands by name (without the class's prefix): SET, GET, REPORT ... */
  commands: Record<string, number>;
  /** Runs a command the node is sent (by its name): the REPORTs it answers; what it changes goes to `updates`. */
  run: (command: string, params: number[] | Record<string, unknown>, node: RadioNode, updates: NodeUpdates) => Reports;
  /** The REPORTs a node sends unsolicited when values it carries changed. */
  changed: (changed: Record<string, CapabilityValue>, node: RadioNode) => Reports;
}
