import { registerOwnCapabilities, type CapabilityDefinition } from '../drivers/capabilities.js';
import { registerAppDriver, type DeviceSetting, type DriverDefinition, type DriverViews, type PairView } from '../drivers/catalogue.js';
import { appIconObj, type Manifest, type ManifestDriver } from '../../common/app-package/manifest.js';
import { isObject } from '../../http/validator.js';

/** A text of app.json: itself, or its English one. */
export const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'object' && value !== null && typeof (value as { en?: unknown }).en === 'string' ? (value as { en: string }).en : null;

const SETTING_TYPES: Record<string, DeviceSetting['type']> = { number: 'number', checkbox: 'checkbox', dropdown: 'dropdown', radio: 'dropdown', text: 'text', textarea: 'text', password: 'text' };

/**
 * A driver's device settings as app.json declares them (SDK v3: groups of settings, texts per language) as the hub's
 * settings: the groups' children in order, textareas and passwords as texts, radios as dropdowns, labels left out.
 */
export function driverSettings(declared: unknown): DeviceSetting[] {
  if (!Array.isArray(declared)) return [];
  return (declared as Array<Record<string, unknown>>).flatMap((setting): DeviceSetting[] => {
    if (setting.type === 'group') return driverSettings(setting.children);
    const type = SETTING_TYPES[String(setting.type)];
    if (!type || typeof setting.id !== 'string') return [];
    const number = (value: unknown) => (typeof value === 'number' ? value : null);
    const values = Array.isArray(setting.values) ? (setting.values as Array<Record<string, unknown>>).map((choice) => ({ id: String(choice.id), label: text(choice.label) ?? String(choice.id) })) : null;
    const fallback = { number: 0, checkbox: false, dropdown: values?.[0]?.id ?? '', text: '' }[type];
    return [{
      id: setting.id,
      type,
      label: text(setting.label) ?? setting.id,
      value: (setting.value as DeviceSetting['value'] | undefined) ?? fallback,
      hint: text(setting.hint),
      min: number(setting.min),
      max: number(setting.max),
      step: number(setting.step),
      units: text(setting.units),
      values: type === 'dropdown' ? values : null,
    }];
  });
}

const nonEmpty = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * A driver's views of one kind (`pair`, `repair` or `unpair`) as app.json declares them (homey-lib checked their
 * navigation): a view without a template is a custom one, whose page is the app's `drivers/<driver>/<kind>/<id>.html`.
 */
function declaredViews(manifest: Manifest, driver: ManifestDriver, kind: keyof DriverViews): PairView[] {
  const declared = driver[kind];
  if (!Array.isArray(declared)) return [];
  return declared.filter(isObject).map((view) => {
    const id = String(view.id);
    const navigation = isObject(view.navigation) ? view.navigation : {};
    const template = nonEmpty(view.template);
    return {
      id,
      template,
      navigation: { prev: nonEmpty(navigation.prev), next: nonEmpty(navigation.next) },
      options: isObject(view.options) ? view.options : {},
      url: template ? null : `/app/${manifest.id}/drivers/${driver.id}/${kind}/${encodeURIComponent(id)}.html`,
    };
  });
}

/** The driver definitions of an app's manifest: their devices pair like virtual ones and belong to the app. */
export function packageDrivers(manifest: Manifest): DriverDefinition[] {
  const ownerUri = `homey:app:${manifest.id}`;
  return manifest.drivers.map((driver) => ({
    id: `${ownerUri}:${driver.id}`,
    name: driver.name,
    class: driver.class,
    connectivity: driver.connectivity ?? [],
    // The hub's colours are lower-case hex; app.json's brandColor may be either case (#2E56B5).
    color: manifest.brandColor.toLowerCase(),
    capabilities: driver.capabilities,
    options: driver.options ?? {},
    // An SDK v3 device sets its first values itself (in its onInit).
    initial: {},
    settings: driverSettings(driver.settings),
    energy: null,
    asksPin: false,
    pairable: true,
    ownerUri,
    ownerName: manifest.name,
    ownerIconObj: appIconObj(manifest),
    views: { pair: declaredViews(manifest, driver, 'pair'), repair: declaredViews(manifest, driver, 'repair'), unpair: declaredViews(manifest, driver, 'unpair') },
  }));
}

const CAPABILITY_TYPES = new Set<CapabilityDefinition['type']>(['boolean', 'number', 'string', 'enum']);
const CHART_TYPES = new Set(['line', 'area', 'stepLine', 'column', 'spline', 'splineArea', 'scatter']);

/**
 * The custom capabilities of app.json as the hub defines capabilities: texts in English, `insightsTitleTrue/False` as
 * the states' titles; one of a type the hub does not know is left out (its devices then fail to pair, naming it).
 */
export function packageCapabilities(manifest: Manifest): Record<string, CapabilityDefinition> {
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  return Object.fromEntries(Object.entries(manifest.capabilities).flatMap(([id, declared]): Array<[string, CapabilityDefinition]> => {
    const type = declared.type as CapabilityDefinition['type'];
    if (!CAPABILITY_TYPES.has(type)) return [];
    const values = Array.isArray(declared.values) ? (declared.values as Array<Record<string, unknown>>).map((value) => ({ id: String(value.id), title: text(value.title) ?? String(value.id) })) : null;
    const titleTrue = text(declared.insightsTitleTrue);
    const titleFalse = text(declared.insightsTitleFalse);
    return [[id, {
      type,
      title: text(declared.title) ?? id,
      desc: text(declared.desc),
      getable: declared.getable !== false,
      setable: declared.setable !== false,
      chartType: CHART_TYPES.has(String(declared.chartType)) ? (declared.chartType as CapabilityDefinition['chartType']) : null,
      decimals: Number.isInteger(declared.decimals) && (declared.decimals as number) >= 0 ? (declared.decimals as number) : null,
      min: number(declared.min),
      max: number(declared.max),
      step: typeof declared.step === 'number' && declared.step > 0 ? declared.step : null,
      units: text(declared.units),
      values: type === 'enum' ? values : null,
      ...(titleTrue ? { titleTrue } : {}),
      ...(titleFalse ? { titleFalse } : {}),
    }]];
  }));
}

/** Adds an app's custom capabilities and drivers to the catalogue; returns their removal. */
export function registerPackageDrivers(manifest: Manifest): () => void {
  const removals = [registerOwnCapabilities(`homey:app:${manifest.id}`, packageCapabilities(manifest)), ...packageDrivers(manifest).map(registerAppDriver)];
  return () => removals.forEach((remove) => remove());
}
