import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { components } from '../../../generated/hub/devices.js';

export type Capability = components['schemas']['Capability'];
export type CapabilityValue = components['schemas']['CapabilityValue'];

/** The owner of the hub's own capability definitions (getCapability's `uri`). */
export const CAPABILITY_OWNER = 'homey:manager:devices';

export type CapabilityDefinition = Definition;

type Definition = Omit<Capability, 'id' | 'ownerUri' | 'desc' | 'chartType' | 'decimals' | 'min' | 'max' | 'step' | 'units' | 'values'> &
  Partial<Pick<Capability, 'desc' | 'chartType' | 'decimals' | 'min' | 'max' | 'step' | 'units' | 'values'>> & {
    /** Insights titles of a boolean's two states. */
    titleTrue?: string;
    titleFalse?: string;
  };

/** A text of homey-lib: its English one (the hub speaks English; homey-lib has many languages). */
const english = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'object' && value !== null && typeof (value as { en?: unknown }).en === 'string' ? (value as { en: string }).en : null;
const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);
const CHART_TYPES = new Set(['line', 'area', 'stepLine', 'column', 'spline', 'splineArea', 'scatter']);

/** A capability of homey-lib (assets/capability/capabilities/<id>.json) as the hub defines capabilities. */
function systemDefinition(declared: Record<string, unknown>): Definition {
  const type = declared.type as Definition['type'];
  const titleTrue = english(declared.insightsTitleTrue);
  const titleFalse = english(declared.insightsTitleFalse);
  const values = Array.isArray(declared.values) ? (declared.values as Array<Record<string, unknown>>).map((value) => ({ id: String(value.id), title: english(value.title) ?? String(value.id) })) : null;
  return {
    type,
    title: english(declared.title) ?? '',
    desc: english(declared.desc),
    getable: declared.getable !== false,
    setable: declared.setable !== false,
    chartType: CHART_TYPES.has(String(declared.chartType)) ? (declared.chartType as Definition['chartType']) : null,
    decimals: numberOrNull(declared.decimals),
    min: numberOrNull(declared.min),
    max: numberOrNull(declared.max),
    step: numberOrNull(declared.step),
    units: english(declared.units),
    values: type === 'enum' ? values : null,
    ...(titleTrue ? { titleTrue } : {}),
    ...(titleFalse ? { titleFalse } : {}),
  };
}

let system: Map<string, Definition> | undefined;
/**
 * The system capabilities, by id, which clients send (a Map, so that `__proto__` or `toString` is no capability):
 * homey-lib's, the library of Athom's CLI and store, read from its files when first asked.
 */
function definitions(): Map<string, Definition> {
  if (system) return system;
  const folder = path.join(path.dirname(createRequire(import.meta.url).resolve('homey-lib/package.json')), 'assets', 'capability', 'capabilities');
  const files = readdirSync(folder).filter((file) => file.endsWith('.json')).sort();
  system = new Map(files.map((file) => [file.slice(0, -'.json'.length), systemDefinition(JSON.parse(readFileSync(path.join(folder, file), 'utf-8')) as Record<string, unknown>)]));
  return system;
}

/**
 * Capabilities an owner (an app: `homey:app:<id>`) defines for its own devices, by owner: each registration in turn
 * (hubs in one process may run the same app), the latest first.
 */
const ownDefinitions = new Map<string, Array<Map<string, Definition>>>();

/** Adds the capabilities an app defines (its app.json `capabilities`); returns their removal. */
export function registerOwnCapabilities(ownerUri: string, capabilities: Record<string, Definition>): () => void {
  const own = new Map(Object.entries(capabilities));
  ownDefinitions.set(ownerUri, [own, ...(ownDefinitions.get(ownerUri) ?? [])]);
  return () => {
    const left = (ownDefinitions.get(ownerUri) ?? []).filter((registered) => registered !== own);
    if (left.length) ownDefinitions.set(ownerUri, left);
    else ownDefinitions.delete(ownerUri);
  };
}

/** The hub's definition of a capability, or the one of the device's owner (an app) where it defines that id. */
const definitionOf = (id: string, ownerUri?: string): [Definition, string] | undefined => {
  const own = ownerUri === undefined ? undefined : ownDefinitions.get(ownerUri)?.[0]?.get(id);
  if (own && ownerUri) return [own, ownerUri];
  const definition = definitions().get(id);
  return definition && [definition, CAPABILITY_OWNER];
};

/** The full definition of a capability, as getCapability answers it: the hub's, or its owner's custom one. */
export function capabilityDefinition(id: string, ownerUri?: string): Capability | undefined {
  const found = definitionOf(id, ownerUri);
  if (!found) return undefined;
  const [{ titleTrue: _true, titleFalse: _false, ...fields }, owner] = found;
  return {
    id, ownerUri: owner, desc: null, chartType: null, decimals: null, min: null, max: null, step: null, units: null, values: null,
    ...fields,
  };
}

/** Insights titles of a capability's states (booleans only). */
export function stateTitles(id: string, ownerUri?: string): { titleTrue: string | null; titleFalse: string | null } {
  const definition = definitionOf(id, ownerUri)?.[0];
  return { titleTrue: definition?.titleTrue ?? null, titleFalse: definition?.titleFalse ?? null };
}

export const capabilityIds = (): string[] => [...definitions().keys()];
