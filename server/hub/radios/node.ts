import type { CapabilityValue } from '../drivers/capabilities.js';
import { findDriver, VDEVICE_OWNER } from '../drivers/catalogue.js';

/** A node of a simulated radio network (network.ts keeps them), apart from the network so that its frames and command classes need no hub. */
export interface RadioNode {
  id: string;
  driver: string;
  status: 'interviewing' | 'ready';
  manufacturer: string | null;
  model: string | null;
  endpoints: string[];
  joinedAt: string;
  interviewedAt: string | null;
  lastSeen: string;
  lastReport: Record<string, CapabilityValue> | null;
  /** What it keeps beyond capability values: Zigbee attributes (`<cluster>.<attribute>`), Z-Wave parameters (`configuration.<n>`). */
  attributes?: Record<string, NodeAttribute>;
}
export type NodeAttribute = string | number | boolean;

/** What a node is now: its driver's first values, then what it reported or was set to since. */
export function nodeValues(node: RadioNode): Record<string, CapabilityValue> {
  return { ...findDriver(`${VDEVICE_OWNER}:${node.driver}`)?.initial, ...node.lastReport };
}
