import { execFile } from 'node:child_process';
import type { components } from '../../../generated/hub/speech-output.js';
import type { HubCore } from '../core/context.js';
import type { Language } from '../i18n/i18n.js';

export type Voice = components['schemas']['Voice'];

export const DEFAULT_PROGRAM = 'espeak-ng';
export const espeakProgram = (hub: HubCore) => hub.config.espeakNg ?? DEFAULT_PROGRAM;

/** The espeak-ng voice the hub speaks each of its languages with, when no voice is chosen. */
const voiceOfLanguage = new Map<Language, string>([['en', 'en-gb'], ['fr', 'fr-fr'], ['no', 'nb']]);
export const defaultVoiceId = (language: Language) => voiceOfLanguage.get(language) ?? language;

/** `en-gb-scotland` → `en-GB`, `es-419` → `es-419`, `nl` → `nl`. */
function localeOf(id: string): string {
  const [language = id, region] = id.split('-');
  return region && /^([a-z]{2}|\d{3})$/.test(region) ? `${language}-${region.toUpperCase()}` : language;
}

const voice = (id: string, name: string, gender: Voice['gender'] = 'male'): Voice =>
  ({ id, name, language: id.split('-')[0]!, locale: localeOf(id), gender });

/** Where espeak-ng is missing: the voices of the hub's languages, as espeak-ng names them. */
export const builtInVoices: readonly Voice[] = [
  voice('en-gb', 'English (Great Britain)'), voice('en-us', 'English (America)'), voice('nl', 'Dutch'), voice('de', 'German'),
  voice('fr-fr', 'French (France)'), voice('it', 'Italian'), voice('es', 'Spanish (Spain)'), voice('sv', 'Swedish'),
  voice('nb', 'Norwegian Bokmål'), voice('da', 'Danish'), voice('ru', 'Russian'), voice('pl', 'Polish'), voice('ko', 'Korean'),
];

/**
 * Parses `espeak-ng --voices`: a header, then `Pty Language Age/Gender VoiceName File [Other languages]`, e.g.
 * ` 2  en-gb  --/M  English_(Great_Britain)  gmw/en  (en 2)`.
 */
export function parseVoiceList(output: string): Voice[] {
  const voices: Voice[] = [];
  for (const line of output.split('\n').slice(1)) {
    const match = /^\s*\d+\s+(\S+)\s+\S*\/([MF-])\s+(\S+)/.exec(line);
    if (match) voices.push(voice(match[1]!, match[3]!.replace(/_/g, ' '), match[2] === 'F' ? 'female' : 'male'));
  }
  return voices;
}

/** The synthesizer's voices, asked once per program: espeak-ng's list, or the built-in one when it does not run. */
const catalogues = new Map<string, Promise<ReadonlyMap<string, Voice>>>();

export function voiceCatalogue(hub: HubCore): Promise<ReadonlyMap<string, Voice>> {
  const program = espeakProgram(hub);
  let catalogue = catalogues.get(program);
  if (!catalogue) {
    catalogue = new Promise((resolve) =>
      execFile(program, ['--voices'], { timeout: 10_000 }, (error, stdout) => {
        const voices = error ? [] : parseVoiceList(stdout);
        resolve(new Map((voices.length ? voices : builtInVoices).map((entry) => [entry.id, entry])));
      }),
    );
    catalogues.set(program, catalogue);
  }
  return catalogue;
}
