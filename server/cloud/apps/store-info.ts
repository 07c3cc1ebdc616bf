import type { components } from '../../../generated/cloud/apps.js';
import { parseRange } from './compatibility.js';

type Json = Record<string, unknown>;
export type Text = string | Record<string, string>;
export type AppSummary = components['schemas']['AppSummary'];

/** A driver as the store's hardware searches read it. */
export interface StoreDriver {
  id: string;
  name: Text;
  zigbee?: { manufacturerName: string[]; productId: string[] };
  zwave?: { manufacturerId: number[]; productTypeId: number[]; productId: number[] };
  matter?: { vendorId: number[]; productId: number[] };
  rf433?: number[];
  ble: string[];
}

/** A published build as the store front searches it: what its app.json says, read once. */
export interface StoreBuild {
  buildId: number;
  version: string;
  channel: string;
  sdk: number;
  name: Text;
  description: Text;
  brandColor: string;
  icon: string;
  category: string[];
  platforms: Array<'local' | 'cloud'>;
  runsOn: (homeyVersion: string) => boolean;
  /** Hub model ids it is limited to, or null for any. */
  models: string[] | null;
  connectivity: string[];
  features: Array<'devices' | 'flow' | 'settings' | 'api'>;
  drivers: StoreDriver[];
  discovery: Array<{ type: string; values: string[] }>;
  publishedAt: string;
  /** Lower-case names, descriptions and id, for word search. */
  words: string;
  /** Lower-case id and names: a word found here counts double. */
  title: string;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v): v is string => typeof v === 'string');
const numbers = (value: unknown): number[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v): v is number => Number.isInteger(v));
const text = (value: unknown, fallback: Text): Text => (typeof value === 'string' || isObject(value) ? (value as Text) : fallback);

/** A text in one language, English where it lacks that one. */
export const inLanguage = (value: Text, language: string): string =>
  typeof value === 'string' ? value : (Object.hasOwn(value, language) ? value[language] : undefined) ?? value.en ?? '';

const allTexts = (value: Text) => (typeof value === 'string' ? [value] : Object.values(value));

function discoveryOf(manifest: Json): StoreBuild['discovery'] {
  if (!isObject(manifest.discovery)) return [];
  return Object.values(manifest.discovery).flatMap((strategy) => {
    if (!isObject(strategy)) return [];
    const type = String(strategy.type);
    const options = isObject(strategy[type]) ? (strategy[type] as Json) : {};
    if (type === 'mdns-sd') return [{ type, values: strings(options.name).map((n) => `_${n.replace(/^_/, '')}._${String(options.protocol ?? 'tcp')}`.toLowerCase()) }];
    if (type === 'ssdp') return [{ type, values: strings(options.search).map((s) => s.toLowerCase()) }];
    if (type === 'mac') return [{ type, values: (Array.isArray(options.manufacturer) ? options.manufacturer : []).map((prefix) => numbers(prefix).map((n) => n.toString(16).padStart(2, '0')).join(':')) }];
    return [];
  });
}

/** The store's reading of a build's app.json (published on `channel` at `publishedAt`). */
export function storeBuild(build: { id: number; version: string; channel: string; icon: string | null; published_at: string | null; updated_at: string }, manifest: Json): StoreBuild {
  const drivers: StoreDriver[] = (Array.isArray(manifest.drivers) ? (manifest.drivers as Json[]) : []).map((driver) => ({
    id: String(driver.id),
    name: text(driver.name, String(driver.id)),
    ...(isObject(driver.zigbee) ? { zigbee: { manufacturerName: strings(driver.zigbee.manufacturerName), productId: strings(driver.zigbee.productId) } } : {}),
    ...(isObject(driver.zwave) ? { zwave: { manufacturerId: numbers(driver.zwave.manufacturerId), productTypeId: numbers(driver.zwave.productTypeId), productId: numbers(driver.zwave.productId) } } : {}),
    ...(isObject(driver.matter) ? { matter: { vendorId: numbers(driver.matter.vendorId), productId: numbers(driver.matter.productId) } } : {}),
    ...(isObject(driver.rf433) ? { rf433: numbers(driver.rf433.signal) } : {}),
    ble: isObject(driver.ble) ? strings(driver.ble.localName).map((n) => n.toLowerCase()) : [],
  }));
  const flow = isObject(manifest.flow) ? manifest.flow : {};
  const cards = ['triggers', 'conditions', 'actions'].some((kind) => Array.isArray(flow[kind]) && (flow[kind] as unknown[]).length > 0);
  const features: StoreBuild['features'] = [];
  if (drivers.length) features.push('devices');
  if (cards) features.push('flow');
  if (Array.isArray(manifest.settings) && manifest.settings.length) features.push('settings');
  if (isObject(manifest.api) && Object.keys(manifest.api).length) features.push('api');
  const name = text(manifest.name, String(manifest.id));
  const description = text(manifest.description, '');
  const connectivity = [...new Set((Array.isArray(manifest.drivers) ? (manifest.drivers as Json[]) : []).flatMap((d) => strings(d.connectivity)))];
  const compatibility = typeof manifest.compatibility === 'string' ? manifest.compatibility : '>=12.0.0';
  const platforms = strings(manifest.platforms).filter((p): p is 'local' | 'cloud' => p === 'local' || p === 'cloud');
  return {
    buildId: build.id,
    version: build.version,
    channel: build.channel,
    sdk: Number(manifest.sdk),
    name,
    description,
    brandColor: typeof manifest.brandColor === 'string' && /^#[0-9a-fA-F]{6}$/.test(manifest.brandColor) ? manifest.brandColor : '#888888',
    icon: build.icon ?? initialsIcon('#888888', inLanguage(name, 'en')),
    category: strings(manifest.category),
    platforms: platforms.length ? platforms : ['local'],
    runsOn: parseRange(compatibility) ?? (() => false),
    models: Array.isArray(manifest.models) ? strings(manifest.models) : null,
    connectivity,
    features,
    drivers,
    discovery: discoveryOf(manifest),
    publishedAt: build.published_at ?? build.updated_at,
    words: [String(manifest.id), ...allTexts(name), ...allTexts(description)].join(' ').toLowerCase(),
    title: [String(manifest.id), ...allTexts(name)].join(' ').toLowerCase(),
  };
}

/** A round icon in a colour with the name's initials: an SVG data URL, so that it shows offline too. */
export function initialsIcon(color: string, name: string): string {
  const initials = name.split(/\s+/).map((word) => word[0] ?? '').join('').slice(0, 2).toUpperCase().replace(/[<>&"']/g, '');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="${color}"/>` +
    `<text x="32" y="40" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** A hub as a search describes it: each given property must fit the build. */
export interface HubFit {
  homeyVersion?: string;
  homeyPlatform?: 'local' | 'cloud';
  homeyPlatformVersion?: number;
  homeyModel?: string;
  minimumSdk?: number;
}

/** Whether the build runs on such a hub (platform version 2 runs SDK 3 only). */
export function fits(build: StoreBuild, hub: HubFit): boolean {
  // The cheap tests first: a search tries every published app.
  if (hub.homeyPlatform !== undefined && !build.platforms.includes(hub.homeyPlatform)) return false;
  if (hub.homeyPlatformVersion === 2 && build.sdk < 3) return false;
  if (hub.homeyModel !== undefined && build.models !== null && !build.models.includes(hub.homeyModel)) return false;
  if (hub.minimumSdk !== undefined && build.sdk < hub.minimumSdk) return false;
  if (hub.homeyVersion !== undefined && !build.runsOn(hub.homeyVersion)) return false;
  return true;
}
