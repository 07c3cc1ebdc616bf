import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { components } from '../../../generated/hub/speech-output.js';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors.js';
import { hubVolume } from '../audio/audio.js';
import type { HubCore } from '../core/context.js';
import { hubLanguage } from '../i18n/i18n.js';
import { hubOption } from '../core/options.js';
import { defaultVoiceId, espeakProgram, voiceCatalogue, type Voice } from './voices.js';

type Speech = components['schemas']['Speech'];
type Speed = components['schemas']['SpeechSpeed'];
type SpeechAudio = components['schemas']['SpeechAudio'];

export const SPEECH_FOLDER = 'speech';
/** Synthesized files kept in the speech folder; older ones are removed. */
const KEPT_FILES = 20;
const DEFAULT_TIMEOUT_MS = 30_000;
const wordsPerMinute = new Map<Speed, number>([['slow', 130], ['normal', 175], ['fast', 230]]);

export const speedOption = hubOption<Speed>('speech-output', 'speed', () => 'normal');
/** The chosen voice, an installed one (uninstalling it unsets it); unset, the voice of the hub's language, installed or not. */
export const voiceOption = hubOption<string>('speech-output', 'voice', (hub) => defaultVoiceId(hubLanguage(hub)));

export async function installVoice(hub: HubCore, id: string): Promise<Voice> {
  const voice = (await voiceCatalogue(hub)).get(id);
  if (!voice) throw notFound(`Voice ${id}`);
  if (hub.store.get('voice', id)) throw conflict(`Voice ${id} is already installed`);
  return hub.store.insert('voice', voice);
}

export function uninstallVoice(hub: HubCore, id: string): void {
  hub.store.require('voice', id, `Voice ${id}`);
  hub.store.remove('voice', id);
  if (voiceOption.get(hub) === id) voiceOption.unset(hub);
}

export function chooseVoice(hub: HubCore, id: string): void {
  if (!hub.store.get('voice', id)) throw badRequest(`Voice ${id} is not installed: install it first (POST /voice)`);
  voiceOption.set(hub, id);
}

const samples = new Map([
  ['en', 'Hello, I am your home hub.'], ['nl', 'Hallo, ik ben je thuishub.'], ['de', 'Hallo, ich bin dein Smart-Home-Hub.'],
  ['fr', 'Bonjour, je suis le hub de votre maison.'], ['it', 'Ciao, sono il tuo hub di casa.'], ['es', 'Hola, soy el hub de tu casa.'],
  ['sv', 'Hej, jag är din hemhubb.'], ['nb', 'Hei, jeg er din hjemmehub.'], ['da', 'Hej, jeg er din hjemmehub.'],
  ['ru', 'Привет, я твой домашний хаб.'], ['pl', 'Cześć, jestem twoim domowym hubem.'], ['ko', '안녕하세요, 저는 당신의 홈 허브입니다.'],
]);

/** Speaks a sample sentence with an installed voice, in its language (English where the hub has no sample). */
export function playVoiceSample(hub: HubCore, id: string): Promise<Speech> {
  const voice = hub.store.require('voice', id, `Voice ${id}`);
  return speak(hub, { text: samples.get(voice.language) ?? samples.get('en')!, voice: id });
}

export interface SayInput {
  text: string;
  synthesize?: boolean;
  timeout?: number;
  session?: string;
}

/** Speaks a text with the voice, speed and volume in force: the `say` event, and with synthesize a WAV file. */
export function say(hub: HubCore, { text, ...rest }: SayInput): Promise<Speech> {
  const trimmed = text.trim();
  if (!trimmed) throw badRequest('The text must contain a character other than a space');
  return speak(hub, { ...rest, text: trimmed, voice: voiceOption.get(hub) });
}

async function speak(hub: HubCore, { text, voice, synthesize = false, timeout = DEFAULT_TIMEOUT_MS, session }: SayInput & { voice: string }): Promise<Speech> {
  const speed = speedOption.get(hub);
  const volume = hubVolume(hub);
  const id = randomUUID();
  const wpm = wordsPerMinute.get(speed)!;
  let audio: Speech['audio'] = null;
  let duration = Math.round((text.split(/\s+/).length / wpm) * 60_000);
  if (synthesize) {
    const file = path.join(SPEECH_FOLDER, `${id}.wav`);
    await synthesizeWav(hub, { text, voice, wpm, volume, timeout }, path.join(hub.config.dataDir, file));
    const wav = readFileSync(path.join(hub.config.dataDir, file));
    audio = { file, size: wav.length, mimeType: 'audio/wav' };
    duration = wavDuration(wav);
  }
  const speech: Speech = { id, text, voice, speed, volume, session: session ?? null, spokenAt: new Date(hub.now()).toISOString(), duration, audio };
  hub.bus.publish('homey:manager:speech-output', 'say', speech);
  return speech;
}

const unavailable = (description: string) => new ApiError(503, 'service_unavailable', description);

/** Runs espeak-ng with arguments (the text on its stdin, never in a shell) to write a WAV file. */
function synthesizeWav(hub: HubCore, job: { text: string; voice: string; wpm: number; volume: number; timeout: number }, file: string): Promise<void> {
  const folder = path.dirname(file);
  mkdirSync(folder, { recursive: true });
  const program = espeakProgram(hub);
  // espeak-ng's amplitude runs 0..200 with 100 its normal loudness: the audio volume 0.5 speaks at normal loudness.
  const args = ['-v', job.voice, '-s', String(job.wpm), '-a', String(Math.round(job.volume * 200)), '-w', file, '--stdin'];
  return new Promise((resolve, reject) => {
    const child = execFile(program, args, { timeout: job.timeout }, (error, _stdout, stderr) => {
      if (!error) {
        prune(folder);
        return resolve();
      }
      rmSync(file, { force: true });
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return reject(unavailable(`Speech synthesis needs ${program}, which is not installed on this hub`));
      if (error.killed) return reject(unavailable(`${program} took longer than ${job.timeout} ms`));
      reject(unavailable(`${program} failed: ${stderr.trim() || error.message}`));
    });
    child.stdin?.on('error', () => {}); // a program that is missing or exits early closes its stdin: the callback tells why
    child.stdin?.end(job.text);
  });
}

/** The play time of a PCM WAV file in ms: its data bytes over its byte rate (header field at offset 28). */
export function wavDuration(wav: Buffer): number {
  const byteRate = wav.length >= 44 ? wav.readUInt32LE(28) : 0;
  return byteRate ? Math.round(((wav.length - 44) / byteRate) * 1000) : 0;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The WAV file of a synthesized speech, base64-encoded. Speech ids are uuids: any other text, a path too, names none. */
export function speechAudio(hub: HubCore, id: string): SpeechAudio {
  const file = path.join(hub.config.dataDir, SPEECH_FOLDER, `${id}.wav`);
  if (!UUID.test(id) || !existsSync(file)) throw notFound(`Audio of speech ${id}`);
  const wav = readFileSync(file);
  return { id, mimeType: 'audio/wav', size: wav.length, data: wav.toString('base64') };
}

function prune(folder: string): void {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.wav'))
    .map((name) => ({ name, time: statSync(path.join(folder, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const old of files.slice(KEPT_FILES)) rmSync(path.join(folder, old.name), { force: true });
}
