import type { HubCore } from '../core/context.js';
import { builtInVoices } from './voices.js';

/** The demo home has the British English and the Dutch voice installed (both espeak-ng's and built in). */
export function seedDemoVoices(hub: HubCore): void {
  for (const voice of builtInVoices) if (voice.id === 'en-gb' || voice.id === 'nl') hub.store.insert('voice', voice);
}
