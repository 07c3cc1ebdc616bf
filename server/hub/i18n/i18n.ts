import type { components } from '../../../generated/hub/i18n.js';
import type { HubCore } from '../core/context.js';
import { hubOption } from '../core/options.js';

export type Language = components['schemas']['I18nLanguage'];
export type Units = components['schemas']['I18nUnits'];
type State = components['schemas']['I18nState'];

/** The languages the hub speaks, each by its own name (the contract's enum, in the same order). */
const languageNames = new Map<Language, string>([
  ['en', 'English'], ['nl', 'Nederlands'], ['de', 'Deutsch'], ['fr', 'Français'], ['it', 'Italiano'], ['es', 'Español'],
  ['sv', 'Svenska'], ['no', 'Norsk'], ['da', 'Dansk'], ['ru', 'Русский'], ['pl', 'Polski'], ['ko', '한국어'],
]);

const unitSystems = new Map<Units, { name: string; temperature: '°C' | '°F' }>([
  ['metric', { name: 'Metric', temperature: '°C' }],
  ['imperial', { name: 'Imperial', temperature: '°F' }],
]);

export const DEFAULT_LANGUAGE: Language = 'en';

export const languageOption = hubOption<Language>('i18n', 'language', () => DEFAULT_LANGUAGE);
export const unitsOption = hubOption<Units>('i18n', 'units', () => 'metric');

/** The hub's language, for every manager that speaks or writes to people (speech output, weather). */
export const hubLanguage = (hub: HubCore): Language => languageOption.get(hub);

/** The hub's unit system. */
export const hubUnits = (hub: HubCore): Units => unitsOption.get(hub);

export function i18nState(hub: HubCore): State {
  return {
    language: hubLanguage(hub),
    units: hubUnits(hub),
    languages: Object.fromEntries([...languageNames].map(([id, name]) => [id, { id, name }])),
    unitSystems: Object.fromEntries([...unitSystems].map(([id, system]) => [id, { id, ...system }])),
  };
}
