import { notFound } from '../../http/errors.js';

/** The hub's voice per language during setup (its speech output's espeak-ng voice ids) and what it says. */
const VOICES: ReadonlyMap<string, { voice: string; phrases: { welcome: string; connected: string; ready: string } }> = new Map([
  ['en', { voice: 'en-gb', phrases: { welcome: "Hello! I'm your new hub.", connected: "I'm connected.", ready: "I'm ready to use." } }],
  ['nl', { voice: 'nl', phrases: { welcome: 'Hallo! Ik ben je nieuwe hub.', connected: 'Ik ben verbonden.', ready: 'Ik ben klaar voor gebruik.' } }],
  ['de', { voice: 'de', phrases: { welcome: 'Hallo! Ich bin dein neuer Hub.', connected: 'Ich bin verbunden.', ready: 'Ich bin einsatzbereit.' } }],
  ['fr', { voice: 'fr-fr', phrases: { welcome: 'Bonjour ! Je suis votre nouveau hub.', connected: 'Je suis connecté.', ready: 'Je suis prêt.' } }],
  ['es', { voice: 'es', phrases: { welcome: '¡Hola! Soy tu nuevo hub.', connected: 'Estoy conectado.', ready: 'Estoy listo.' } }],
]);

export function voiceFor(language: string) {
  const found = VOICES.get(language);
  if (!found) throw notFound(`Voice for ${language}`);
  return { language, ...found };
}
