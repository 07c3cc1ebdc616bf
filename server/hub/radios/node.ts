import type { CapabilityValue } from '../drivers/capabilities.js';

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
