import { BoundCluster } from 'zigbee-clusters';
import type { CapabilityValue } from '../drivers/capabilities.js';
import type { NodeAttribute, RadioNode } from './node.js';
import { profileOf } from './profiles.js';
import { hueSaturationOf, xyOf } from './zcl-colour.js';

/**
 * The server side of a simulated Zigbee node's clusters, as zigbee-clusters' BoundCluster runs them: the attributes
 * a read answers and a write sets, and the commands the node takes. What a command changes goes to `changes`.
 */

/** What an exchange with a node changes: its capability values, what it keeps beyond them, and frames it sends after answering. */
export interface NodeChanges {
  set: (values: Record<string, CapabilityValue>) => void;
  remember: (attributes: Record<string, NodeAttribute>) => void;
  /** A cluster command the node sends of its own (IAS Zone's enroll request), by cluster, command and arguments. */
  send: (cluster: string, command: string, args: Record<string, unknown>) => void;
}

/** The node as one exchange sees it: its values and attributes, updated as its commands change them. */
export interface NodeView {
  node: RadioNode;
  capabilities: readonly string[];
  values: Record<string, CapabilityValue>;
  attributes: Record<string, NodeAttribute>;
}

type Members = Record<string, unknown>;
/** Attributes (getters, and setters for those a Write Attributes may set) and commands of a cluster. */
type ClusterParts = { read?: Record<string, () => unknown>; write?: Record<string, (value: unknown) => void>; commands?: Members };

const HUE_STEPS = 254;
/** The alarms an IAS zone's status carries (alarm1), one per driver. */
export const ZONE_ALARMS = ['alarm_contact', 'alarm_motion', 'alarm_smoke'];

/** Color Control: hue and saturation (as xy too) for a colour lamp, the colour temperature for any. */
function colorControl({ node, capabilities, values, attributes }: NodeView, changes: NodeChanges): ClusterParts {
  const [coolest, warmest] = profileOf('zigbee', node.driver)?.mireds ?? [153, 500];
  const colour = capabilities.includes('light_hue') && capabilities.includes('light_saturation');
  const mode = (lightMode: 'color' | 'temperature'): Record<string, CapabilityValue> => (capabilities.includes('light_mode') ? { light_mode: lightMode } : {});
  const hueSaturation = () => ({ hue: Number(values.light_hue ?? 0), saturation: Number(values.light_saturation ?? 0) });
  /** The xy point a Move to Color set, while the lamp still shows that colour (a hue set since makes it stale). */
  const setXy = () => {
    const x = attributes['colorControl.currentX'];
    const y = attributes['colorControl.currentY'];
    if (typeof x !== 'number' || typeof y !== 'number') return undefined;
    const shown = hueSaturationOf(x, y);
    const now = hueSaturation();
    return Math.abs(shown.hue - now.hue) < 0.01 && Math.abs(shown.saturation - now.saturation) < 0.01 ? { x, y } : undefined;
  };
  const xy = () => setXy() ?? xyOf(hueSaturation());
  const temperatureMode = !colour || values.light_mode === 'temperature';
  const read: Record<string, () => unknown> = {
    colorCapabilities: () => (colour ? ['hueAndSaturation', 'xy', 'colorTemperature'] : ['colorTemperature']),
    colorTempPhysicalMinMireds: () => coolest,
    colorTempPhysicalMaxMireds: () => warmest,
    colorMode: () => (temperatureMode ? 'colorTemperatureMireds' : setXy() ? 'currentXAndCurrentY' : 'currentHueAndCurrentSaturation'),
    ...(colour ? { currentX: () => xy().x, currentY: () => xy().y } : {}),
  };
  const commands: Members = {
    moveToColorTemperature: async ({ colorTemperature }: { colorTemperature: number }) => {
      const clamped = Math.min(Math.max(colorTemperature, coolest), warmest);
      changes.set({ light_temperature: (clamped - coolest) / (warmest - coolest), ...mode('temperature') });
    },
  };
  if (colour) {
    const toHue = (hue: number) => Math.min(hue, HUE_STEPS) / HUE_STEPS;
    Object.assign(commands, {
      moveToHue: async ({ hue }: { hue: number }) => changes.set({ light_hue: toHue(hue), ...mode('color') }),
      moveToSaturation: async ({ saturation }: { saturation: number }) => changes.set({ light_saturation: toHue(saturation), ...mode('color') }),
      moveToHueAndSaturation: async ({ hue, saturation }: { hue: number; saturation: number }) =>
        changes.set({ light_hue: toHue(hue), light_saturation: toHue(saturation), ...mode('color') }),
      moveToColor: async ({ colorX, colorY }: { colorX: number; colorY: number }) => {
        const { hue, saturation } = hueSaturationOf(colorX, colorY);
        changes.set({ light_hue: hue, light_saturation: saturation, ...mode('color') });
        changes.remember({ 'colorControl.currentX': colorX, 'colorControl.currentY': colorY });
      },
    });
  }
  return { read, commands };
}

/**
 * IAS Zone: the zone's status and its enrolment. A CIE (the app) writes its address, the zone asks to enrol, the
 * CIE answers with the zone's id; an enrolled zone then notifies each change of its status (reportFrames).
 */
function iasZone({ node, attributes }: NodeView, changes: NodeChanges): ClusterParts {
  const zoneType = profileOf('zigbee', node.driver)?.zoneType ?? 'standardCIE';
  return {
    read: {
      zoneType: () => zoneType,
      zoneState: () => (attributes['iasZone.zoneState'] === 'enrolled' ? 'enrolled' : 'notEnrolled'),
      zoneId: () => attributes['iasZone.zoneId'] ?? 0xff,
      iasCIEAddress: () => attributes['iasZone.iasCIEAddress'] ?? '00:00:00:00:00:00:00:00',
    },
    write: {
      iasCIEAddress: (address) => {
        changes.remember({ 'iasZone.iasCIEAddress': String(address) });
        changes.send('iasZone', 'zoneEnrollRequest', { zoneType, manufacturerCode: 0 });
      },
    },
    commands: {
      zoneEnrollResponse: async ({ enrollResponseCode, zoneId }: { enrollResponseCode: string; zoneId: number }) => {
        if (enrollResponseCode === 'success') changes.remember({ 'iasZone.zoneState': 'enrolled', 'iasZone.zoneId': zoneId });
      },
      initiateNormalOperationMode: async () => undefined,
    },
  };
}

function commandsOnly({ values }: NodeView, changes: NodeChanges, name: string): ClusterParts {
  if (name === 'onOff') {
    return {
      commands: {
        setOn: async () => changes.set({ onoff: true }),
        setOff: async () => changes.set({ onoff: false }),
        toggle: async () => changes.set({ onoff: !values.onoff }),
      },
    };
  }
  if (name === 'levelControl') {
    const toLevel = (withOnOff: boolean) => async ({ level }: { level: number }) => changes.set({ dim: Math.min(level, 254) / 254, ...(withOnOff ? { onoff: level > 0 } : {}) });
    return { commands: { moveToLevel: toLevel(false), moveToLevelWithOnOff: toLevel(true) } };
  }
  return {};
}

/** A zone's status for the alarm its driver has (alarm1 set while it alarms). */
export const zoneStatusOf = (view: Pick<NodeView, 'capabilities' | 'values'>) => {
  const alarm = ZONE_ALARMS.find((capability) => view.capabilities.includes(capability));
  return alarm && view.values[alarm] ? ['alarm1'] : [];
};

/** The node's server side of one cluster: `linked` are the attributes that carry capability values, as getters. */
export function serverCluster(view: NodeView, name: string, linked: Record<string, () => unknown>, changes: NodeChanges): BoundCluster {
  const server = new BoundCluster() as BoundCluster & Members;
  const parts = name === 'colorControl' ? colorControl(view, changes) : name === 'iasZone' ? iasZone(view, changes) : commandsOnly(view, changes, name);
  const read = { ...linked, ...parts.read, ...(name === 'iasZone' ? { zoneStatus: () => zoneStatusOf(view) } : {}) };
  for (const [attribute, get] of Object.entries(read)) {
    const set = parts.write?.[attribute];
    Object.defineProperty(server, attribute, { get, ...(set ? { set } : {}) });
  }
  if (name === 'basic') Object.assign(server, { manufacturerName: view.node.manufacturer ?? '', modelId: view.node.model ?? '' });
  Object.assign(server, parts.commands);
  return server;
}
